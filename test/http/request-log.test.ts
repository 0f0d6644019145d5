/**
 * The request log: a request's logger is made on first use, the completion line is pino's, made
 * directly, and URLs are logged without the signatures, tokens and keys they may carry.
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger, loggedUrl } from '../../src/foundations/logger.js';
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

it('writes the completion line exactly as pino would write it', () => {
  const lines: string[] = [];
  const logger = createLogger('info', new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) }));
  const parts = lineParts(logger);
  // Text that needs escaping, in every member that carries text.
  const cases: [string, string, string, number, number][] = [
    ['r-1', 'POST', '/track', 200, 0.30000000000000004],
    ['id "quoted" \\ back', 'GET', '/shipments?search=Zoë "x"\u2028&a=\u0001', 404, 12],
  ];
  for (const [id, method, url, status, ms] of cases) {
    logger.info(
      { reqId: id, req: { method, url }, res: { statusCode: status }, responseTime: ms },
      'request completed',
    );
    const byPino = lines.pop()!;
    const made = completionLine(
      { ...parts, time: () => `,"time":${(JSON.parse(byPino) as { time: number }).time}` },
      id,
      method,
      url,
      status,
      ms,
    );
    expect(made).toBe(byPino);
  }
  // The parts are the logger's own: its level cache, time, bindings and stream.
  parts.stream.write(completionLine(parts, 'r-2', 'POST', '/rate', 201, 1.5));
  expect(JSON.parse(lines.pop()!)).toMatchObject({
    level: 30,
    service: 'waybill',
    reqId: 'r-2',
    req: { method: 'POST', url: '/rate' },
    res: { statusCode: 201 },
    responseTime: 1.5,
    msg: 'request completed',
  });
});

it('logs URLs without signatures, link tokens and keys, and every other URL as it came', () => {
  const cases: [string, string][] = [
    ['/track', '/track'],
    ['/shipments?page=2&pageSize=50&search=Zo%C3%AB', '/shipments?page=2&pageSize=50&search=Zo%C3%AB'],
    [
      '/labels/lbl_1?expires=1790000000&signature=aOmBuUMNbHuG9hj_-kNdGg',
      '/labels/lbl_1?expires=1790000000&signature=[REDACTED]',
    ],
    ['/shipments?zkkey=zk_live_abc&page=1', '/shipments?zkkey=[REDACTED]&page=1'],
    [
      '/shipments?ZKKEY=a&access_token=b&Sig%6Eature=c&x',
      '/shipments?ZKKEY=[REDACTED]&access_token=[REDACTED]&Sig%6Eature=[REDACTED]&x',
    ],
    ['/tracking/shp_1.k3j9.aOmBuUMNbHuG9hj_-kNdGg', '/tracking/shp_1.[REDACTED]'],
    ['/public/portal/pl_2.k3j9.aOmBuUMNbHuG9hj_-kNdGg/returns?x=1', '/public/portal/pl_2.[REDACTED]/returns?x=1'],
    ['/public/tracking/shp_1%2Ek3j9%2EaOmBuUMNbHuG9hj', '/public/tracking/[REDACTED]'],
    ['/portal/', '/portal/'],
    ['/trackings/not-a-page', '/trackings/not-a-page'],
  ];
  for (const [url, logged] of cases) expect(loggedUrl(url), url).toBe(logged);
  // A carrier's names, which may be anchored: every parameter is tested on its own.
  expect(loggedUrl('https://api.example.test/v1/track?key=k1&id=7', (name) => /^key$/.test(name))).toBe(
    'https://api.example.test/v1/track?key=[REDACTED]&id=7',
  );
});
