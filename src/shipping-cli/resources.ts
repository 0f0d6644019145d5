/** waybill batch | accounts | webhooks. */
import { accountOf, required, type Context } from './context.js';
import { counted, json, progressLine, table, type BatchCounts } from './output.js';
import { UsageError } from './settings.js';

const RUNNING = new Set(['queued', 'in_progress']);

/** Watches a batch until it settles: a bar redrawn in place on a terminal, a line per change otherwise. */
async function watch(ctx: Context, id: string): Promise<{ status: string; counts: BatchCounts }> {
  const interval = Number(ctx.flags.interval ?? 1000);
  if (!(interval > 0)) throw new UsageError('--interval takes milliseconds, e.g. 500');
  const live = ctx.err.isTTY === true;
  let last = '';
  for (;;) {
    const { batch } = await ctx.client.op.getBatch({ path: { id } });
    const line = progressLine(batch.counts);
    // On a terminal the line is redrawn in place: carriage return, the line, clear to its end.
    if (line !== last) ctx.err.write(live ? `\r${line}\x1b[K` : `${line}\n`);
    last = line;
    if (!RUNNING.has(batch.status)) {
      if (live) ctx.err.write('\n');
      return batch;
    }
    await ctx.sleep(interval);
  }
}

async function upload(ctx: Context): Promise<number> {
  const file = required(ctx.positionals[1], 'a CSV file (or - for stdin)');
  const f = ctx.flags;
  const query = {
    shipping_account: accountOf(ctx),
    ...(f.service ? { service: f.service } : {}),
    ...(f.packaging ? { packaging: f.packaging } : {}),
    ...(f['label-type'] ? { label_type: f['label-type'] } : {}),
    ...(f['dim-units'] ? { dim_units: f['dim-units'] } : {}),
    ...(f['weight-units'] ? { weight_units: f['weight-units'] } : {}),
    ...(f.reference ? { reference: f.reference } : {}),
  };
  const key = f['idempotency-key'];
  const { batch } = await ctx.client.op.createBatch({
    query: query as never,
    body: ctx.readInput(file),
    contentType: 'text/csv',
    ...(key ? { idempotencyKey: key } : {}),
  });
  if (!f.watch) {
    ctx.out(f.json ? json({ batch }) : `batch ${batch.id}: ${counted(batch.counts.total, 'item')} ${batch.status}`);
    return 0;
  }
  if (!f.json) ctx.out(`batch ${batch.id}: ${counted(batch.counts.total, 'item')}`);
  const done = await watch(ctx, batch.id);
  ctx.out(
    f.json
      ? json({ batch: { ...batch, ...done } })
      : `batch ${batch.id} ${done.status}: ${done.counts.booked} booked, ${done.counts.failed} failed, ${done.counts.cancelled} cancelled`,
  );
  return done.counts.failed > 0 ? 3 : 0;
}

export async function batch(ctx: Context): Promise<number> {
  const sub = ctx.positionals[0];
  if (sub === 'upload') return upload(ctx);
  const id = required(ctx.positionals[1], 'a batch id (bat_…)');
  if (sub === 'status') {
    const answer = ctx.flags.watch ? { batch: await watch(ctx, id) } : await ctx.client.op.getBatch({ path: { id } });
    const b = answer.batch;
    ctx.out(
      ctx.flags.json
        ? json(answer)
        : table(
            ['id', 'status', 'total', 'booked', 'failed', 'queued'],
            [[id, b.status, b.counts.total, b.counts.booked, b.counts.failed, b.counts.queued + b.counts.in_progress]],
          ),
    );
    return 0;
  }
  if (sub === 'labels') {
    const format = ctx.flags.format ?? 'pdf';
    const out = ctx.flags.out ?? `${id}.${format}`;
    const bytes = await ctx.client.op.getBatchLabels({ path: { id }, query: { format } as never });
    ctx.writeFile(out, bytes);
    ctx.out(ctx.flags.json ? json({ file: out, bytes: bytes.byteLength }) : `wrote ${out} (${bytes.byteLength} bytes)`);
    return 0;
  }
  throw new UsageError(
    'batch upload <csv> --account ID [--watch] | batch status <id> [--watch] | batch labels <id> [--format pdf|zpl|epl] [--out FILE]',
  );
}

/** accounts price-list [show] | upload <csv> | remove: the account's uploaded price list (README "Price lists"). */
async function priceList(ctx: Context): Promise<void> {
  const id = accountOf(ctx);
  const [, sub = 'show', file] = ctx.positionals;
  if (sub === 'show') {
    const { price_list: list } = await ctx.client.op.getPriceList({ path: { id } });
    if (ctx.flags.json) return ctx.out(json({ price_list: list }));
    const rows = (list.rows ?? []).map((r) => [
      r.service,
      r.countries.join(',') || '(rest)',
      `${r.min_kg}-${r.max_kg}`,
      `${r.price} ${r.currency}`,
      r.transit_days.join('-'),
    ]);
    return ctx.out(
      `${counted(list.row_count, 'row')}, uploaded ${list.uploaded_at}\n${table(['service', 'countries', 'kg', 'price', 'days'], rows)}`,
    );
  }
  if (sub === 'upload') {
    const csv = ctx.readInput(required(file, 'a CSV file (or - for stdin)'));
    const answer = await ctx.client.op.uploadPriceList({ path: { id }, body: csv as never, contentType: 'text/csv' });
    return ctx.out(
      ctx.flags.json
        ? json(answer)
        : `price list of ${id}: ${counted(answer.price_list.row_count, 'row')}, uploaded ${answer.price_list.uploaded_at}`,
    );
  }
  if (sub === 'remove') {
    await ctx.client.op.deletePriceList({ path: { id } });
    return ctx.out(ctx.flags.json ? json({ deleted: id }) : `removed the price list of ${id}`);
  }
  throw new UsageError(
    'accounts price-list [show] --account ID | accounts price-list upload <csv> --account ID | accounts price-list remove --account ID',
  );
}

export async function accounts(ctx: Context): Promise<void> {
  if (ctx.positionals[0] === 'price-list') return priceList(ctx);
  const answer = await ctx.client.op.listShippingAccounts();
  if (ctx.flags.json) return ctx.out(json(answer));
  ctx.out(
    table(
      ['id', 'carrier', 'country', 'test', 'name'],
      answer.shipping_accounts.map((a) => [
        a.id,
        a.carrier,
        a.country,
        a.test,
        typeof a.name === 'string' ? a.name : '',
      ]),
    ),
  );
}

export async function webhooks(ctx: Context): Promise<void> {
  const [sub, arg] = ctx.positionals;
  if (sub === undefined || sub === 'list') {
    const answer = await ctx.client.op.listWebhooks();
    if (ctx.flags.json) return ctx.out(json(answer));
    return ctx.out(
      table(
        ['id', 'url', 'events', 'enabled'],
        answer.webhooks.map((w) => [w.id, w.url, w.events.join(','), w.enabled]),
      ),
    );
  }
  if (sub === 'create') {
    const url = required(arg, 'the endpoint URL');
    const events = (ctx.flags.events ?? '*')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const answer = await ctx.client.op.createWebhook({ body: { webhook: { url, events: events as never } } });
    // The secret is shown only once, by the service too.
    return ctx.out(
      ctx.flags.json
        ? json(answer)
        : `created ${answer.webhook.id}; its signing secret, shown only once:\n${answer.webhook.secret}`,
    );
  }
  if (sub === 'delete') {
    const id = required(arg, 'a webhook id');
    await ctx.client.op.deleteWebhook({ path: { id } });
    return ctx.out(ctx.flags.json ? json({ deleted: id }) : `deleted ${id}`);
  }
  throw new UsageError('webhooks [list] | webhooks create <url> [--events a,b] | webhooks delete <id>');
}
