/**
 * What New shipment shows around a purchase: the question with the price before anything is bought
 * (and the order's live labels, when it has some), and, while an answer is missing, that the outcome
 * is unknown and being checked.
 */
import { useEffect, useRef } from 'preact/hooks';
import { call } from '../call';
import { day } from '../../shared/format';
import { BASE, Link } from '../router';
import type { Purchase } from '../purchase';

/** A live label of the same order, as the warning lists it. */
export interface LiveLabel {
  id: string;
  tracking_number?: string;
  created?: string;
}

/** The account's live (not voided) shipments carrying this order reference. */
export async function liveLabelsOf(account: string, order: string): Promise<LiveLabel[]> {
  const res = await call('listShipments', { query: { search: order, shipping_account: account, pageSize: 20 } });
  return res.filter((s) => s.status !== 'SHIPMENT_VOIDED' && (s.references ?? []).some((r) => r.value === order));
}

/** Focused and in view when it appears: the next thing to read. */
function useFocus<T extends HTMLElement>(on: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
  }, [on]);
  return ref;
}

export function BuyQuestion({
  purchase,
  order,
  duplicates,
  busy,
  onYes,
  onNo,
}: {
  purchase: Purchase;
  order: string;
  duplicates: LiveLabel[];
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const ref = useFocus<HTMLElement>(purchase);
  const again = duplicates.length > 0;
  return (
    <section
      class={`card ask${again ? ' warn' : ''}`}
      tabIndex={-1}
      ref={ref}
      role="alertdialog"
      aria-labelledby="ask-h"
      aria-describedby="ask-d"
    >
      <h2 id="ask-h">
        Buy {purchase.what} for {purchase.price}?
      </h2>
      <div id="ask-d">
        {again ? (
          <>
            <p>
              <strong>
                Order {order} already has{' '}
                {duplicates.length === 1 ? 'a live label' : `${duplicates.length} live labels`}.
              </strong>{' '}
              Buying again makes another label, charged again.
            </p>
            <ul>
              {duplicates.map((d) => (
                <li key={d.id}>
                  <Link href={`${BASE}/shipments/${encodeURIComponent(d.id)}`}>{d.tracking_number ?? d.id}</Link>
                  {d.created ? `, booked ${day(d.created)}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>The label is bought from the carrier at once and charged to the account.</p>
        )}
      </div>
      <div class="actions">
        <button type="button" class={again ? 'danger' : ''} disabled={busy} onClick={onYes}>
          {again ? `Buy another label for ${purchase.price}` : `Buy for ${purchase.price}`}
        </button>
        <button type="button" class="quiet" onClick={onNo}>
          Don’t buy
        </button>
      </div>
    </section>
  );
}

export function OutcomeUnknown({
  purchase,
  recipient,
  order,
  checking,
  detail,
  onCheck,
}: {
  purchase: Purchase;
  recipient?: string;
  order?: string;
  checking: boolean;
  detail?: string;
  onCheck: () => void;
}) {
  const ref = useFocus<HTMLElement>(purchase);
  return (
    <section class="card unknown" tabIndex={-1} ref={ref} role="status" aria-labelledby="unknown-h">
      <h2 id="unknown-h">Outcome unknown: checking with the carrier</h2>
      <p>
        The answer to “Buy {purchase.what} for {purchase.price}”{recipient ? ` to ${recipient}` : ''}
        {order ? ` (order ${order})` : ''} was lost on its way back. <strong>The label may have been bought.</strong>{' '}
        Waybill is checking with the carrier, and this page asks again every few seconds with the same request, also
        after a reload: it is never bought twice, and the booking appears here once it is settled.
      </p>
      {detail ? <p class="sub">Last answer: {detail}</p> : null}
      <div class="actions">
        <button type="button" class="quiet" disabled={checking} onClick={onCheck}>
          {checking ? 'Checking…' : 'Check now'}
        </button>
      </div>
    </section>
  );
}
