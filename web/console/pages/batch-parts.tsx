/**
 * One batch's page, in parts: its summary (status, progress, counts), its rows (each row's label or
 * why it failed), and its actions' answers (a retry that requeued nothing says why; closing the day
 * gives its forms to print).
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { counted, dateTime } from '../../shared/format';
import { useIntent } from '../intent';
import { BASE, Link } from '../router';
import type { Batch, BatchRow } from '../types';
import { Facts } from '../ui';

const ROW_STATUS: Record<string, string> = {
  queued: 'Queued',
  in_progress: 'Booking…',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export function BatchSummary({ b, statusText, running }: { b: Batch; statusText: string; running: boolean }) {
  const done = b.counts.booked + b.counts.failed + b.counts.cancelled;
  return (
    <div class="card">
      <p class="summary">
        <span
          class={`badge ${b.status === 'completed' ? 'badge-ok' : b.status === 'completed_with_errors' ? 'badge-bad' : 'badge-info'}`}
        >
          {statusText}
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
  );
}

export function BatchRows({ rows }: { rows: BatchRow[] }) {
  return (
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
          {rows.map((item) => (
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
  );
}

/** What an action said: a success (the day closed, its forms to print), or news that is not one (nothing requeued). */
type Said = { tone: 'ok' | 'info'; text: string; forms?: { id: string; href: string }[] };

/** Retry and Close the day, each one intent (one Idempotency-Key), and what they answered. */
export function useBatchActions(id: string, reload: () => void) {
  const send = useIntent();
  const [said, setSaid] = useState<Said>();
  const retry = async () => {
    setSaid(undefined);
    const res = await send.run('retry', (idempotencyKey) => call('retryBatch', { path: { id }, idempotencyKey }));
    if (!res) return;
    // Rows refused for what they hold (an address, a weight) fail the same way again: they are not requeued.
    const failed = res.batch.counts.failed;
    if (res.batch.counts.queued === 0 && failed > 0) {
      setSaid({
        tone: 'info',
        text:
          failed === 1
            ? 'The failed row was not retried: it failed for what it holds (its reason is in the Rows table), which a retry cannot change. Correct the row in the file and upload it as a new batch.'
            : `None of the ${failed} failed rows was retried: each failed for what it holds (its reason is in the Rows table), which a retry cannot change. Correct those rows in the file and upload them as a new batch.`,
      });
    }
    reload();
  };
  const manifest = async () => {
    setSaid(undefined);
    const res = await send.run('manifest', (idempotencyKey) => call('manifestBatch', { path: { id }, idempotencyKey }));
    if (!res) return;
    setSaid({
      tone: 'ok',
      text: `Day closed: ${counted(res.manifests.length, 'manifest')}.`,
      // The end-of-day forms, to print and hand to the driver.
      forms: res.manifests.map((m) => ({
        id: m.id,
        href: URL.createObjectURL(
          new Blob([Uint8Array.from(atob(m.document), (c) => c.charCodeAt(0))], { type: 'application/pdf' }),
        ),
      })),
    });
  };
  return { send, retry, manifest, said };
}

export function ActionNotes({ said }: { said: Said | undefined }) {
  const forms = said?.forms ?? [];
  return (
    <div aria-live="polite">
      {said ? <p class={`note note-${said.tone}`}>{said.text}</p> : null}
      {forms.map((f, i) => (
        <a key={f.id} class="button" href={f.href} target="_blank" rel="noopener" type="application/pdf">
          {forms.length === 1 ? 'Print the manifest (PDF)' : `Print manifest ${i + 1} (PDF)`}
        </a>
      ))}
    </div>
  );
}
