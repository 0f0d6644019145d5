/**
 * An OTLP/HTTP trace receiver on loopback, standing in for an OpenTelemetry collector: it takes
 * `POST /v1/traces` as the collector does, decodes the JSON export requests (gzip too), and keeps
 * every request's headers, raw text and spans. Anything but JSON is refused with 415, so an exporter
 * sending protobuf would fail the suites rather than pass unread.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value: AnyValue };

export interface ReceivedSpan {
  name: string;
  /** OTLP's enum: 1 internal, 2 server, 3 client. */
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
  resource: Record<string, unknown>;
  scope: string;
}

export interface OtlpExport {
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body as text, decompressed. */
  raw: string;
}

export interface OtlpReceiver {
  url: string;
  exports: OtlpExport[];
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

function valueOf(v: AnyValue): unknown {
  if (v.stringValue !== undefined) return v.stringValue;
  // int64 is a string in protobuf's JSON mapping; OTLP/JSON allows both.
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.arrayValue !== undefined) return (v.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributesOf(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
}

/** ExportTraceServiceRequest (JSON) → flat spans; ids are hex in OTLP/JSON. */
export function spansOf(request: any): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of request.resourceSpans ?? []) {
    const resource = attributesOf(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          name: s.name,
          kind: s.kind,
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId || undefined,
          attributes: attributesOf(s.attributes),
          status: s.status?.code ?? 0,
          resource,
          scope: ss.scope?.name ?? '',
        });
      }
    }
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver = { exports: [] as OtlpExport[], spans: [] as ReceivedSpan[] } as OtlpReceiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      if (!String(req.headers['content-type']).startsWith('application/json')) return void res.writeHead(415).end();
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const raw = body.toString('utf8');
      receiver.exports.push({ path: req.url, headers: req.headers, raw });
      receiver.spans.push(...spansOf(JSON.parse(raw)));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${port}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
