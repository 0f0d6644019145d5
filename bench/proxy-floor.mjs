/**
 * A floor for benchmark (a): the least a service can do to answer a rate through the carrier. A bare
 * Fastify route forwards the body it gets to the emulator's FedEx rate endpoint over a keep-alive
 * undici pool, parses the JSON answer and sends back each service's name and charge: no auth,
 * validation, account, request building, mapping, logging or metrics. What Waybill adds on top of
 * this is what it can hope to cut; what this costs is in any service that calls the carrier.
 * PROXY_TARGET is the emulator's rate URL, PROXY_TOKEN a bearer token it issued.
 */
import Fastify from 'fastify';
import { Agent } from 'undici';

const target = new URL(process.env.PROXY_TARGET);
const agent = new Agent({ connections: 64 });
const headers = { 'content-type': 'application/json', authorization: `Bearer ${process.env.PROXY_TOKEN}` };

const app = Fastify({ logger: false });
app.post('/rate', async (req) => {
  const res = await agent.request({
    origin: target.origin,
    path: target.pathname,
    method: 'POST',
    headers,
    body: JSON.stringify(req.body),
  });
  const answer = await res.body.json();
  return {
    rates: answer.output.rateReplyDetails.map((r) => ({
      service: r.serviceType,
      total: r.ratedShipmentDetails[0].totalNetCharge,
    })),
  };
});
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`proxy listening on ${url}`);
