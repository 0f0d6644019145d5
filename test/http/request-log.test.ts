/** The request log: a request's logger is made on first use, and the completion line is pino's, made directly. */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { completionLine, lazyRequestLogger, lineParts } from '../../src/http/request-log.js';

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

it("writes the completion line exactly as pino would write it", () => {
  const lines: string[] = [];
  const logger = createLogger('info', new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) }));
  const parts = lineParts(logger);
  // Text that needs escaping, in every member that carries text.
  const cases: [string, string, string, number, number][] = [
    ['r-1', 'POST', '/track', 200, 0.30000000000000004],
    ['id "quoted" \\ back', 'GET', '/shipments?search=Zoë "x"\u2028&a=\u0001', 404, 12],
  ];
  for (const [id, method, url, status, ms] of cases) {
    logger.info({ reqId: id, req: { method, url }, res: { statusCode: status }, responseTime: ms }, 'request completed');
    const byPino = lines.pop()!;
    const made = completionLine({ ...parts, time: () => `,"time":${(JSON.parse(byPino) as { time: number }).time}` }, id, method, url, status, ms);
    expect(made).toBe(byPino);
  }
  // The parts are the logger's own: its level cache, time, bindings and stream.
  parts.stream.write(completionLine(parts, 'r-2', 'POST', '/rate', 201, 1.5));
  expect(JSON.parse(lines.pop()!)).toMatchObject({ level: 30, service: 'waybill', reqId: 'r-2', req: { method: 'POST', url: '/rate' }, res: { statusCode: 201 }, responseTime: 1.5, msg: 'request completed' });
});
