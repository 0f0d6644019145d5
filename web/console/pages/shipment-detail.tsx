/** One shipment: where it is (timeline), what was booked, its label, and cancelling it. */
import { call } from '../call';
import { dateTime, day } from '../../shared/format';
import { LabelLink } from '../label';
import { codeName } from '../names';
import { useServiceNames } from '../services';
import { BASE, Link } from '../router';
import type { Address, Checkpoint, Shipment } from '../types';
import { Amount, Confirm, ErrorNote, Facts, Field, PageHeading, StageBadge, Status, useAction, useApi } from '../ui';
import { useCan } from '../context';
import { useAccountNames, useCarrierNames } from '../display';

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

function Timeline({ checkpoints }: { checkpoints: Checkpoint[] }) {
  return (
    <ol class="timeline">
      {checkpoints.map((c, i) => (
        <li key={i}>
          <StageBadge stage={c.tracking_stage} />
          <span class="what">{c.description || c.status}</span>
          <span class="sub">
            <time dateTime={c.time}>{dateTime(c.time)}</time>
            {c.location
              ? ` · ${[c.location.city, c.location.state, c.location.country].filter(Boolean).join(', ')}`
              : ''}
          </span>
        </li>
      ))}
    </ol>
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
  const serviceName = useServiceNames();
  const carrierName = useCarrierNames();
  const accountLabel = useAccountNames();
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
  const c = s.costs;
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
        <section class="card">
          <h2>Tracking history</h2>
          {s.tracking?.checkpoints?.length ? (
            <Timeline checkpoints={s.tracking.checkpoints} />
          ) : (
            <p class="note">No tracking yet. Refresh tracking asks the carrier.</p>
          )}
          {/* A date, the day the carrier named: the same day the Booking panel shows, never shifted by a time zone. */}
          {s.tracking?.estimated_delivery && !voided ? (
            <p>Estimated delivery {day(s.tracking.estimated_delivery)}</p>
          ) : null}
          {s.tracking?.signed_by ? <p>Signed by {s.tracking.signed_by}</p> : null}
        </section>
        <section class="card">
          <h2>Booking</h2>
          <Facts
            items={[
              ['Carrier', carrierName(s.carrier)],
              ['Service', s.service ? serviceName(s.carrier, s.service) : undefined],
              ['Shipping account', accountLabel(s.shipping_account)],
              ['Ship date', day(s.ship_date)],
              ['Booked', dateTime(s.created)],
              // A voided shipment is not coming: no estimate, not even an empty one.
              ...(voided
                ? []
                : [
                    ['Estimated delivery', s.estimated_date ? day(s.estimated_date) : undefined] as [
                      string,
                      string | undefined,
                    ],
                  ]),
              ['Packaging', codeName(s.packaging, s.carrier)],
            ]}
          />
        </section>
        <section class="card">
          <h2>Costs</h2>
          {c ? (
            <Facts
              items={[
                ['Base charge', <Amount amount={c.base_charge} currency={c.currency} />],
                ['Surcharges', <Amount amount={c.surcharges} currency={c.currency} />],
                ['Discounts', <Amount amount={c.discounts} currency={c.currency} />],
                ['Taxes', <Amount amount={c.taxes} currency={c.currency} />],
                ['Total', <Amount amount={c.net_charge} currency={c.currency} />],
              ]}
            />
          ) : (
            <p class="note">The carrier did not say.</p>
          )}
        </section>
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
      <section class="card">
        <h2>Packages</h2>
        <table class="list">
          <thead>
            <tr>
              <th scope="col">Tracking number</th>
              <th scope="col">Weight</th>
              <th scope="col">Size</th>
              <th scope="col">Label</th>
            </tr>
          </thead>
          <tbody>
            {s.packages.map((p, i) => (
              <tr key={i}>
                <td data-label="Tracking number">{p.tracking_number}</td>
                <td data-label="Weight">{p.weight !== undefined ? `${p.weight} ${s.weight_units}` : '—'}</td>
                <td data-label="Size">
                  {p.length !== undefined ? `${p.length} × ${p.width} × ${p.height} ${s.dim_units}` : '—'}
                </td>
                <td data-label="Label">
                  {voided ? (
                    'Voided'
                  ) : (
                    <LabelLink url={p.label} name={p.tracking_number} text={`Label of package ${i + 1}`} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Cancel s={s} onDone={loaded.reload} />
    </section>
  );
}
