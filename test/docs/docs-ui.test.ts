/**
 * /docs is served by Swagger UI's plugin loaded on first use (src/http/docs-ui.ts): the app holds
 * the plugin's paths from the start, and answers them as the plugin does.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { docsUi } from '../../src/http/docs-theme.js';
import { docsPaths } from '../../src/http/docs-ui.js';
import { useTestApp } from '../support/app.js';

const s = useTestApp();

describe('/docs on first use', () => {
  it('holds every path the plugin answers, and no other', async () => {
    const plain = Fastify({ logger: false });
    const paths: string[] = [];
    plain.addHook('onRoute', (route) => {
      if (route.method !== 'GET' && !(Array.isArray(route.method) && route.method.includes('GET'))) return;
      paths.push(route.url);
      // A plugin's '/' under its prefix is answered with and without the slash, from one route.
      if (route.url === docsUi.routePrefix) paths.push(`${route.url}/`);
    });
    await plain.register(swagger, { openapi: { openapi: '3.1.0' } });
    await plain.register(swaggerUi, docsUi);
    await plain.ready();
    expect([...new Set(paths)].sort()).toEqual(docsPaths().sort());
    await plain.close();
  });

  it("answers the plugin's page, files and document, and a file it lacks in the service's 404", async () => {
    const page = await s.t.call('GET', '/docs/', undefined);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.raw).toContain('swagger-initializer.js');

    const bundle = await s.t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const etag = bundle.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await s.t.app.inject({
      method: 'GET',
      url: '/docs/static/swagger-ui-bundle.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const head = await s.t.app.inject({ method: 'HEAD', url: '/docs/static/swagger-ui-bundle.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bundle.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);

    const json = await s.t.call('GET', '/docs/json', undefined);
    expect(json.body).toEqual((await s.t.call('GET', '/openapi.json', undefined)).body);
    const yaml = await s.t.app.inject({ method: 'GET', url: '/docs/yaml' });
    expect(yaml.headers['content-type']).toContain('application/x-yaml');
    expect(yaml.body).toContain('openapi: 3.1.0');

    const redirect = await s.t.app.inject({ method: 'GET', url: '/docs/static/index.html' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/docs/');
    expect(redirect.headers['content-type']).toBeUndefined();

    const missing = await s.t.call('GET', '/docs/static/nope.js', undefined);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'not_found' } });
    const other = await s.t.call('POST', '/docs/json', undefined, {});
    expect(other.status).toBe(405);
  });
});
