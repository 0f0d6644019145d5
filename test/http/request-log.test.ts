/** A request's logger is made on first use, and not at all for lines below the level. */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { lazyRequestLogger } from '../../src/http/request-log.js';

it('makes the child logger only for a line that is written, with the bindings', () => {
  const lines: string[] = [];
  const parent = createLogger('info', new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) }));
  let children = 0;
  const child = parent.child.bind(parent);
  parent.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof parent.child;
  const log = lazyRequestLogger(parent, { reqId: 'r-1' }, {});
  log.debug('not written');
  log.trace('not written');
  expect(children).toBe(0);
  log.info({ n: 1 }, 'written');
  log.warn('written too');
  expect(children).toBe(1);
  expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>).map((l) => [l.reqId, l.msg])).toEqual([
    ['r-1', 'written'],
    ['r-1', 'written too'],
  ]);
  // A route's own level applies to its requests' loggers.
  const verbose = lazyRequestLogger(parent, { reqId: 'r-2' }, { level: 'debug' });
  verbose.debug('route at debug');
  expect(lines.at(-1)).toContain('route at debug');
});
