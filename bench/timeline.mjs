/**
 * When each carrier call of a request left and came back, and when the event loop was held.
 *
 * As a preload of the service (`BENCH_SERVICE_NODE_ARGS="--import ./bench/timeline.mjs" npm run bench -- batch`):
 * records, from Node's and undici's diagnostics channels, each request the service received and
 * answered, each carrier call it made (created, its bytes written to the socket, its answer read to
 * the end), and every time a 1 ms interval fired more than 8 ms late (the loop was held); written
 * as JSON to `$BENCH_TIMELINE_DIR` (the system's temporary folder by default) when the service exits.
 *
 * As a script (`node bench/timeline.mjs <file> [n]`): prints the n-th `POST /track` of that file
 * (the last by default), times in ms from its arrival.
 */
import dc from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function record() {
  const events = [];
  const now = () => performance.now();
  const ids = new WeakMap();
  let next = 0;
  const call =
    (what) =>
    ({ request }) =>
      events.push([now(), what, ids.get(request)]);
  dc.subscribe('undici:request:create', ({ request }) => {
    ids.set(request, ++next);
    events.push([now(), 'call', next, request.path]);
  });
  dc.subscribe('undici:client:sendHeaders', call('sent'));
  dc.subscribe('undici:request:trailers', call('answered'));
  dc.subscribe('http.server.request.start', ({ request }) =>
    events.push([now(), 'in', `${request.method} ${request.url}`]),
  );
  dc.subscribe('http.server.response.finish', ({ request }) =>
    events.push([now(), 'out', `${request.method} ${request.url}`]),
  );
  let last = now();
  setInterval(() => {
    const t = now();
    if (t - last > 8) events.push([t, 'held', Math.round(t - last)]);
    last = t;
  }, 1).unref();
  process.once('exit', () =>
    writeFileSync(
      join(process.env.BENCH_TIMELINE_DIR ?? tmpdir(), `timeline-${process.pid}.json`),
      JSON.stringify(events),
    ),
  );
}

function show(file, n) {
  const events = JSON.parse(readFileSync(file, 'utf8'));
  const arrivals = events.filter((e) => e[1] === 'in' && e[2] === 'POST /track');
  const start = arrivals.at(n === undefined ? -1 : Number(n))[0];
  const end = events.find((e) => e[1] === 'out' && e[2] === 'POST /track' && e[0] > start)[0];
  for (const e of events)
    if (e[0] >= start && e[0] <= end) console.log((e[0] - start).toFixed(1).padStart(8), ...e.slice(1));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) show(process.argv[2], process.argv[3]);
else record();
