/** The baseline of benchmarks (b) and start-up: a bare Fastify JSON echo on loopback, nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/echo', async (req) => req.body);
app.get('/healthz', async () => ({ status: 'ok' }));
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`echo listening on ${url}`);
