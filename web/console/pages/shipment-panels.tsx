/**
 * A shipment page's panels: where it is (its tracking history and estimate), what was booked, what
 * it cost, and its packages with their labels.
 */
import { dateTime, day } from '../../shared/format';
import { LabelLink } from '../label';
import { codeName } from '../names';
import { useServiceNames } from '../services';
import type { Checkpoint, Costs, Shipment } from '../types';
import { Amount, Facts, StageBadge } from '../ui';
import { useAccountNames, useCarrierNames } from '../display';

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

export function TrackingPanel({ s, voided }: { s: Shipment; voided: boolean }) {
  return (
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
  );
}

export function BookingPanel({ s, voided }: { s: Shipment; voided: boolean }) {
  const serviceName = useServiceNames();
  const carrierName = useCarrierNames();
  const accountLabel = useAccountNames();
  return (
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
  );
}

export function CostsPanel({ c }: { c: Costs | undefined }) {
  return (
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
  );
}

export function PackagesTable({ s, voided }: { s: Shipment; voided: boolean }) {
  return (
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
  );
}
