/** One shipment: where it is (timeline), what was booked, its label, and cancelling it. */
import { call } from '../call';
import { dateTime } from '../../shared/format';
import { LabelLink } from '../label';
import { BASE, Link } from '../router';
import type { Address, Shipment } from '../types';
import { Confirm, ErrorNote, Facts, Field, PageHeading, StageBadge, Status, useAction, useApi } from '../ui';
import { useCan } from '../context';
import { BookingPanel, CostsPanel, PackagesTable, TrackingPanel } from './shipment-panels';

export function AddressBlock({ a }: { a: Address }) {
  const lines = [
    a.name,
    a.company,
    a.street1,
    a.street2,
    `${[a.city, a.state].filter(Boolean).join(', ')} ${a.postal_code ?? ''}`.trim(),
    a.country,
    a.phone,
    a.email,
  ].filter((l) => l);
  return (
    <address>
      {lines.map((l, i) => (
        <span key={i} class="line">
          {l}
        </span>
      ))}
    </address>
  );
}

/** Cancelling, for those who may; the section is left out for the others unless it says the shipment was cancelled. */
function Cancel({ s, onDone }: { s: Shipment; onDone: () => void }) {
  const may = useCan('shipments.cancel');
  if (s.status !== 'SHIPMENT_VOIDED' && !may) return null;
  return (
    <section class="card">
      <h2>Cancel</h2>
      {s.status === 'SHIPMENT_VOIDED' ? (
        <p>Cancelled {dateTime(s.cancelled)}.</p>
      ) : (
        <Confirm
          label="Cancel shipment"
          question={`Cancel shipment ${s.tracking_number}? The carrier voids its label; this cannot be undone.`}
          yes="Yes, cancel shipment"
          onConfirm={async (idempotencyKey) => {
            await call('cancelShipment', {
              idempotencyKey,
              body: { cancel: { shipping_account: s.shipping_account, tracking_number: s.tracking_number } },
            });
            onDone();
            return true;
          }}
        />
      )}
    </section>
  );
}

export function ShipmentDetail({ id }: { id: string }) {
  const loaded = useApi('getShipment', { path: { id } });
  const refresh = useAction();
  const s = loaded.data?.shipment;
  if (!s) {
    return (
      <section>
        <p>
          <Link href={`${BASE}/shipments`}>← Shipments</Link>
        </p>
        <Status loaded={loaded} />
      </section>
    );
  }
  const track = async () => {
    const ok = await refresh.run(() =>
      call('trackShipment', {
        body: { track: { shipping_account: s.shipping_account, tracking_number: s.tracking_number, refresh: true } },
      }),
    );
    if (ok) loaded.reload();
  };
  const voided = s.status === 'SHIPMENT_VOIDED';
  return (
    <section>
      <p>
        <Link href={`${BASE}/shipments`}>← Shipments</Link>
      </p>
      <PageHeading>Shipment {s.tracking_number}</PageHeading>
      <div class="summary">
        <StageBadge stage={s.status} />
        {s.tracking?.status ? <span>{s.tracking.status}</span> : null}
        {s.test ? <span class="tag">test</span> : null}
      </div>
      <div class="row-actions">
        {/* A voided label is said once, calmly: its bytes would ship nothing (the API answers 410). */}
        {voided ? (
          <span class="note">Label voided with the shipment</span>
        ) : (
          <LabelLink url={s.combined_label ?? s.packages[0]!.label} name={s.tracking_number} />
        )}
        <button type="button" class="quiet" disabled={refresh.busy} onClick={track}>
          Refresh tracking
        </button>
        {s.tracking_url ? (
          <a href={s.tracking_url} target="_blank" rel="noopener">
            Customer tracking page
          </a>
        ) : null}
      </div>
      {s.tracking_url ? (
        <Field
          label="Tracking link for the customer (no key needed)"
          value={s.tracking_url}
          readOnly
          class="tracking-link"
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
      ) : null}
      <ErrorNote>{refresh.error}</ErrorNote>
      <div class="grid">
        <TrackingPanel s={s} voided={voided} />
        <BookingPanel s={s} voided={voided} />
        <CostsPanel c={s.costs} />
        <section class="card">
          <h2>References</h2>
          {s.references.length ? (
            <Facts items={s.references.map((r) => [r.type, r.value])} />
          ) : (
            <p class="note">None.</p>
          )}
        </section>
        <section class="card">
          <h2>From</h2>
          <AddressBlock a={s.sender} />
        </section>
        <section class="card">
          <h2>To</h2>
          <AddressBlock a={s.recipient} />
        </section>
      </div>
      <PackagesTable s={s} voided={voided} />
      <Cancel s={s} onDone={loaded.reload} />
    </section>
  );
}
