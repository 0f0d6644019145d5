/**
 * Batches: upload a CSV of shipments for one account and service, watch it run, then its rows,
 * retry, cancel, the print file and closing the day (POST /batches and what hangs off it).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call } from '../call';
import { counted, dateTime } from '../../shared/format';
import { useIntent } from '../intent';
import { saveFile } from '../label';
import { BASE, Link } from '../router';
import type { Batch } from '../types';
import {
  Confirm,
  ErrorNote,
  Facts,
  ListTable,
  PageHeading,
  Pager,
  Select,
  Status,
  useAction,
  useApi,
  useFilters,
} from '../ui';
import { BatchUpload } from './batch-upload';
import { useCan } from '../context';

const RUNNING = new Set(['queued', 'in_progress']);
const STATUS_TEXT: Record<Batch['status'], string> = {
  queued: 'Queued',
  in_progress: 'Running',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  cancelled: 'Cancelled',
};
const PAGE_SIZE = 20;
const ROW_STATUS: Record<string, string> = {
  queued: 'Queued',
  in_progress: 'Booking…',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export function Batches() {
  const f = useFilters('listBatches', `${BASE}/batches`, []);
  const list = useApi('listBatches', { query: { page: f.page, pageSize: PAGE_SIZE } });
  const manage = useCan('batches.manage');
  return (
    <section>
      <PageHeading>Batches</PageHeading>
      {manage ? <BatchUpload /> : null}
      <h2>Earlier batches</h2>
      <ListTable
        loaded={list}
        caption="Batches, newest first"
        rowKey={(b) => b.id}
        columns={[
          {
            head: 'Batch',
            cell: (b) => <Link href={`${BASE}/batches/${encodeURIComponent(b.id)}`}>{b.reference ?? b.id}</Link>,
          },
          { head: 'Status', cell: (b) => STATUS_TEXT[b.status] ?? b.status },
          { head: 'Booked', cell: (b) => `${b.counts.booked} of ${b.counts.total}` },
          { head: 'Failed', cell: (b) => b.counts.failed },
          { head: 'Created', cell: (b) => dateTime(b.created) },
        ]}
      />
      <Pager page={f.page} pageSize={PAGE_SIZE} total={list.total} onPage={f.toPage} />
    </section>
  );
}

/** Reloads while the batch runs: an answer at a time, a second apart. */
function usePolling(running: boolean, reload: () => void, loading: boolean) {
  useEffect(() => {
    if (!running || loading) return;
    const t = setTimeout(reload, 1000);
    return () => clearTimeout(t);
  }, [running, loading, reload]);
}

/** The print file format that holds labels of this label type (`ZPLII__4x6` → zpl); PDF when unnamed. */
function printFormatOf(labelType: string | null): string {
  const format = (labelType ?? 'PDF').split('__')[0]!.toUpperCase();
  return format.startsWith('ZPL') ? 'zpl' : format.startsWith('EPL') ? 'epl' : 'pdf';
}

/** Reloads the rows when the batch finishes again (after a retry), not on the first answer. */
function useReloadOnFinish(completed: string | undefined, reload: () => void) {
  const seen = useRef(completed);
  useEffect(() => {
    if (seen.current !== undefined && completed !== undefined && completed !== seen.current) reload();
    seen.current = completed;
  }, [completed, reload]);
}

export function BatchDetail({ id }: { id: string }) {
  const loaded = useApi('getBatch', { path: { id } });
  const b = loaded.data?.batch;
  const running = b !== undefined && RUNNING.has(b.status);
  usePolling(running, loaded.reload, loaded.loading);
  // Every row once the batch has run: its label, or why it failed.
  const rows = useApi('listBatchShipments', b && !running ? { path: { id }, query: { pageSize: 500 } } : null);
  const carriers = useApi('listCarriers');
  useReloadOnFinish(b?.completed, rows.reload);
  const act = useAction();
  const send = useIntent();
  const manage = useCan('batches.manage');
  const [chosenFormat, setFormat] = useState<string>();
  const [closed, setClosed] = useState<string>();
  // Why a retry requeued nothing: news, not a success.
  const [unretried, setUnretried] = useState<string>();
  const [forms, setForms] = useState<{ id: string; href: string }[]>([]);
  if (!b) {
    return (
      <section>
        <p>
          <Link href={`${BASE}/batches`}>← Batches</Link>
        </p>
        <Status loaded={loaded} />
      </section>
    );
  }
  const done = b.counts.booked + b.counts.failed + b.counts.cancelled;
  const carrier = rows.data?.find((i) => i.shipment)?.shipment?.carrier;
  const manifests = carriers.data?.carriers.find((c) => c.slug === carrier)?.operations.includes('manifest') ?? false;
  const formats = b.print_formats ?? [printFormatOf(b.label_type)];
  const format = chosenFormat && formats.includes(chosenFormat) ? chosenFormat : (formats[0] ?? 'pdf');
  const retry = async () => {
    setClosed(undefined);
    setUnretried(undefined);
    const res = await send.run('retry', (idempotencyKey) => call('retryBatch', { path: { id }, idempotencyKey }));
    if (!res) return;
    // Rows refused for what they hold (an address, a weight) fail the same way again: they are not requeued.
    const failed = res.batch.counts.failed;
    if (res.batch.counts.queued === 0 && failed > 0) {
      setUnretried(
        failed === 1
          ? 'The failed row was not retried: it failed for what it holds (its reason is in the Rows table), which a retry cannot change. Correct the row in the file and upload it as a new batch.'
          : `None of the ${failed} failed rows was retried: each failed for what it holds (its reason is in the Rows table), which a retry cannot change. Correct those rows in the file and upload them as a new batch.`,
      );
    }
    loaded.reload();
  };
  const manifest = async () => {
    setClosed(undefined);
    setUnretried(undefined);
    setForms([]);
    const res = await send.run('manifest', (idempotencyKey) => call('manifestBatch', { path: { id }, idempotencyKey }));
    if (!res) return;
    setClosed(`Day closed: ${counted(res.manifests.length, 'manifest')}.`);
    // The end-of-day forms, to print and hand to the driver.
    setForms(
      res.manifests.map((m) => ({
        id: m.id,
        href: URL.createObjectURL(
          new Blob([Uint8Array.from(atob(m.document), (c) => c.charCodeAt(0))], { type: 'application/pdf' }),
        ),
      })),
    );
  };
  return (
    <section>
      <p>
        <Link href={`${BASE}/batches`}>← Batches</Link>
      </p>
      <PageHeading>Batch {b.reference ?? b.id}</PageHeading>
      <div class="card">
        <p class="summary">
          <span
            class={`badge ${b.status === 'completed' ? 'badge-ok' : b.status === 'completed_with_errors' ? 'badge-bad' : 'badge-info'}`}
          >
            {STATUS_TEXT[b.status] ?? b.status}
          </span>
          <span>{`${done} of ${b.counts.total} done`}</span>
        </p>
        <span id="batch-progress-label">Progress</span>
        <progress
          id="batch-progress"
          class="progress"
          role="progressbar"
          aria-labelledby="batch-progress-label"
          max={b.counts.total}
          value={done}
          aria-valuemin={0}
          aria-valuemax={b.counts.total}
          aria-valuenow={done}
        />
        <Facts
          items={[
            ['Booked', String(b.counts.booked)],
            ['Failed', String(b.counts.failed)],
            ['Queued', String(b.counts.queued)],
            ['In progress', String(b.counts.in_progress)],
            ['Cancelled', String(b.counts.cancelled)],
            ['Created', dateTime(b.created)],
            ['Finished', b.completed ? dateTime(b.completed) : running ? 'Not yet' : '—'],
          ]}
        />
      </div>
      <div class="row-actions">
        {manage && b.counts.failed > 0 && !running ? (
          <button type="button" disabled={send.busy} onClick={retry}>
            Retry failed rows
          </button>
        ) : null}
        {manage && running ? (
          <Confirm
            label="Cancel batch"
            question="Stop the rows not yet booked? Labels already booked stay booked."
            yes="Yes, cancel the rest"
            onConfirm={async (idempotencyKey) => {
              await call('cancelBatch', { path: { id }, idempotencyKey });
              loaded.reload();
              return true;
            }}
          />
        ) : null}
      </div>
      {b.counts.booked > 0 ? (
        <div class="row-actions">
          {/* Labels are not converted: only the formats that hold every booked label are offered. */}
          {formats.length > 1 ? (
            <Select
              label="Print file format"
              value={format}
              onValue={setFormat}
              options={formats.map((f) => [f, f.toUpperCase()] as const)}
            />
          ) : null}
          {formats.length > 0 ? (
            <button
              type="button"
              class="quiet"
              disabled={act.busy}
              onClick={() =>
                act.run(() =>
                  saveFile(`/batches/${encodeURIComponent(id)}/labels?format=${format}`, `${b.id}.${format}`),
                )
              }
            >
              Download print file ({format.toUpperCase()})
            </button>
          ) : (
            <p class="note">
              The labels are in several formats, so no one print file holds them: download them from each shipment.
            </p>
          )}
          {/* Offered only where the carrier has end-of-day forms. */}
          {manage && manifests ? (
            <button type="button" class="quiet" disabled={send.busy || running} onClick={manifest}>
              Close the day
            </button>
          ) : null}
        </div>
      ) : null}
      <div aria-live="polite">
        {closed ? <p class="note note-ok">{closed}</p> : null}
        {unretried ? <p class="note note-info">{unretried}</p> : null}
        {forms.map((f, i) => (
          <a key={f.id} class="button" href={f.href} target="_blank" rel="noopener" type="application/pdf">
            {forms.length === 1 ? 'Print the manifest (PDF)' : `Print manifest ${i + 1} (PDF)`}
          </a>
        ))}
      </div>
      <ErrorNote>{act.error}</ErrorNote>
      <ErrorNote>{send.error}</ErrorNote>
      {!running && rows.data && rows.data.length > 0 ? (
        <section class="card" aria-labelledby="rows-h">
          <h2 id="rows-h">Rows</h2>
          <table class="list">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Reference</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {rows.data.map((item) => (
                <tr key={item.index} class={item.status === 'failed' ? 'failed' : undefined}>
                  <td data-label="Line">{item.row ?? `Item ${item.index + 1}`}</td>
                  <td data-label="Reference">{item.reference ?? '—'}</td>
                  <td data-label="Result">
                    {item.shipment ? (
                      <Link href={`${BASE}/shipments/${encodeURIComponent(item.shipment.id)}`}>
                        {item.shipment.tracking_number}
                      </Link>
                    ) : (
                      <>
                        {/* The Line column says the line: the message need not start with it again. */}
                        {item.error?.message.replace(/^line \d+, /, '') ?? ROW_STATUS[item.status] ?? item.status}
                        {/* A CSV row's message names its column already; a booking error's field is news. */}
                        {item.error?.detail && !item.error.message.includes(item.error.detail) ? (
                          <span class="sub">{`Field: ${item.error.detail}`}</span>
                        ) : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <p>
        <Link href={`${BASE}/shipments?batch=${encodeURIComponent(b.id)}`}>This batch’s shipments</Link> in the
        Shipments list.
      </p>
    </section>
  );
}
