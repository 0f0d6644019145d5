/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning checks), except that an empty
 * body is no body. Clients and proxies send `content-type: application/json` on a bodiless DELETE
 * or POST; refusing that with FST_ERR_CTP_EMPTY_JSON_BODY helped nobody. A route that needs a body
 * still says so through its schema. A body that is not JSON is refused saying what kind of mistake
 * JSON.parse found and where (never the text there), not the framework's sentence about the content type.
 */
import { notJson } from '../contract/validation-errors.js';
import type { App } from './types.js';

export function registerJsonParser(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parse(req, text, (err, parsed) => {
      if (!err) return done(null, parsed);
      try {
        JSON.parse(text);
      } catch (syntax) {
        return done(notJson((syntax as Error).message), undefined);
      }
      // Valid JSON the framework still refused (a __proto__ member): its own reason.
      return done(err, undefined);
    });
  });
}
