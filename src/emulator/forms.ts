/**
 * Form-encoded request bodies (`application/x-www-form-urlencoded`), which fastify does not parse
 * by default: OAuth token endpoints take them, and some carriers' whole APIs are form posts.
 * The body becomes a plain object of the fields (the last value of a repeated field wins).
 */
import type { FastifyInstance } from 'fastify';

export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
