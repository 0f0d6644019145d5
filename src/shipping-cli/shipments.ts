/** waybill rate | ship | track | cancel | labels: one shipment at a time. */
import { join } from 'node:path';
import { accountOf, required, type Context } from './context.js';
import { json, table } from './output.js';
import { UsageError } from './settings.js';

type Shipment = Record<string, unknown>;

/** A shipment file as the API takes it, `{shipment: {…}}` or the bare shipment; `-` is stdin. */
function shipmentOf(ctx: Context): Shipment {
  const path = required(ctx.positionals[0], 'a shipment file (JSON, or - for stdin)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(ctx.readInput(path));
  } catch (err) {
    throw new UsageError(`${path} is not JSON: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object') throw new UsageError(`${path} holds no shipment`);
  const shipment = { ...(((parsed as { shipment?: Shipment }).shipment ?? parsed) as Shipment) };
  const account = ctx.flags.account ?? (shipment.shipping_account === undefined ? ctx.account : undefined);
  if (account) shipment.shipping_account = account;
  if (ctx.flags.service) shipment.service = ctx.flags.service;
  return shipment;
}

export async function rate(ctx: Context): Promise<void> {
  const answer = await ctx.client.op.rateShipment({ body: { shipment: shipmentOf(ctx) } as never });
  if (ctx.flags.json) return ctx.out(json(answer));
  ctx.out(
    table(
      ['service', 'name', 'total', 'currency', 'days', 'delivery'],
      [...answer.rates]
        .sort((a, b) => Number(a.total_cost) - Number(b.total_cost))
        .map((r) => [r.service_type, r.service_name, r.total_cost, r.currency, r.transit_days, r.estimated_date]),
    ),
  );
  for (const e of answer.errors ?? [])
    ctx.err.write(`account ${e.shipping_account}: ${e.error.code}: ${e.error.message}\n`);
}

export async function ship(ctx: Context): Promise<void> {
  const key = ctx.flags['idempotency-key'];
  const answer = await ctx.client.op.createShipment({
    body: { shipment: shipmentOf(ctx) } as never,
    ...(key ? { idempotencyKey: key } : {}),
  });
  if (ctx.flags.json) return ctx.out(json(answer));
  const s = answer.shipment;
  ctx.out(
    table(
      ['id', 'tracking number', 'service', 'net charge', 'label'],
      [
        [
          s.id,
          s.tracking_number,
          s.service,
          s.costs ? `${s.costs.net_charge} ${s.costs.currency}` : '',
          s.packages[0]?.label,
        ],
      ],
    ),
  );
}

export async function track(ctx: Context): Promise<void> {
  const number = required(ctx.positionals[0], 'a tracking number');
  const answer = await ctx.client.op.trackShipment({
    body: { track: { shipping_account: accountOf(ctx), tracking_number: number } },
  });
  if (ctx.flags.json) return ctx.out(json(answer));
  if (Array.isArray(answer)) throw new UsageError('one tracking number at a time');
  ctx.out(
    `${answer.tracking_number}  ${answer.tracking_stage}${answer.delivered ? '  delivered' : ''}${answer.estimated_delivery ? `  expected ${answer.estimated_delivery}` : ''}`,
  );
  const checkpoints = answer.checkpoints ?? [];
  if (checkpoints.length > 0) {
    ctx.out(
      table(
        ['time', 'stage', 'place', 'description'],
        checkpoints.map((c) => [
          c.time,
          c.tracking_stage,
          [c.location?.city, c.location?.state, c.location?.country].filter(Boolean).join(', '),
          c.description,
        ]),
      ),
    );
  }
}

export async function cancel(ctx: Context): Promise<void> {
  const number = required(ctx.positionals[0], 'a tracking number');
  const answer = await ctx.client.op.cancelShipment({
    body: { cancel: { shipping_account: accountOf(ctx), tracking_number: number } },
  });
  ctx.out(ctx.flags.json ? json(answer) : `cancelled ${number}: ${answer.success.message}`);
}

const EXTENSIONS: Record<string, string> = {
  PDF: 'pdf',
  PNG: 'png',
  ZPL: 'zpl',
  EPL: 'epl',
  GIF: 'gif',
  JPG: 'jpg',
  JPEG: 'jpg',
};

/** The labels of a shipment (by its id) into --out, one file per package. */
export async function labels(ctx: Context): Promise<void> {
  const id = required(ctx.positionals[0], 'a shipment id (shp_…)');
  const dir = ctx.flags.out ?? '.';
  const { shipment } = await ctx.client.op.getShipment({ path: { id } });
  const written: string[][] = [];
  for (const [i, pkg] of shipment.packages.entries()) {
    if (!pkg.label) continue;
    const url = new URL(pkg.label, ctx.client.baseUrl);
    const labelId = /\/labels\/([^/?#]+)/.exec(url.pathname)?.[1];
    if (!labelId) throw new UsageError(`package ${i + 1}'s label is not a label link: ${pkg.label.slice(0, 40)}`);
    const query = Object.fromEntries(url.searchParams);
    const bytes = await ctx.client.op.getLabel({ path: { id: labelId }, query });
    const type = pkg.label_type ?? shipment.label_type ?? 'PDF';
    const file = join(
      dir,
      `${pkg.tracking_number ?? shipment.tracking_number}-${i + 1}.${EXTENSIONS[type.toUpperCase()] ?? 'bin'}`,
    );
    ctx.writeFile(file, bytes);
    written.push([file, type, String(bytes.byteLength)]);
  }
  ctx.out(
    ctx.flags.json
      ? json(written.map(([file, type, bytes]) => ({ file, type, bytes: Number(bytes) })))
      : table(['file', 'type', 'bytes'], written),
  );
}
