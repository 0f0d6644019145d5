/**
 * Batches: upload a CSV of shipments for one account and service, watch it run, then its rows,
 * retry, cancel, the print file and closing the day (POST /batches and what hangs off it).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call } from '../call';
import { dateTime } from '../../shared/format';
import { saveFile } from '../label';
import { BASE, Link } from '../router';
import type { Batch } from '../types';
import {
  Confirm,
  ErrorNote,
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
import { ActionNotes, BatchRows, BatchSummary, useBatchActions } from './batch-parts';
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
  const { send, retry, manifest, said } = useBatchActions(id, loaded.reload);
  const manage = useCan('batches.manage');
  const [chosenFormat, setFormat] = useState<string>();
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
  const carrier = rows.data?.find((i) => i.shipment)?.shipment?.carrier;
  const manifests = carriers.data?.carriers.find((c) => c.slug === carrier)?.operations.includes('manifest') ?? false;
  const formats = b.print_formats ?? [printFormatOf(b.label_type)];
  const format = chosenFormat && formats.includes(chosenFormat) ? chosenFormat : (formats[0] ?? 'pdf');
  return (
    <section>
      <p>
        <Link href={`${BASE}/batches`}>← Batches</Link>
      </p>
      <PageHeading>Batch {b.reference ?? b.id}</PageHeading>
      <BatchSummary b={b} statusText={STATUS_TEXT[b.status] ?? b.status} running={running} />
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
      <ActionNotes said={said} />
      <ErrorNote>{act.error}</ErrorNote>
      <ErrorNote>{send.error}</ErrorNote>
      {!running && rows.data && rows.data.length > 0 ? <BatchRows rows={rows.data} /> : null}
      <p>
        <Link href={`${BASE}/shipments?batch=${encodeURIComponent(b.id)}`}>This batch’s shipments</Link> in the
        Shipments list.
      </p>
    </section>
  );
}
