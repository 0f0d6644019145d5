/** The returns portal's pieces: a line to pick, the return methods, the result with its label. */
import type { Answer } from '../shared/api.js';
import { distanceText, hoursToday, customerCost, wallTime } from '../shared/public-format.js';

export type Portal = Answer<'getPortalPage'>['portal'];
export type Method = Portal['return_methods'][number];
export type Place = NonNullable<Method['options']>[number];
export type Line = Portal['lines'][number];
export type Made = Portal['returns'][number];

export interface Chosen {
  quantity: number;
  reason: string;
}

export function LineChoice(p: {
  line: Line;
  reasons: string[];
  value: Chosen | undefined;
  onChange: (v: Chosen | undefined) => void;
}) {
  const { line, value } = p;
  const id = `line-${line.line_id}`;
  const none = line.returnable === 0;
  return (
    <div class="choice">
      <input
        type="checkbox"
        id={id}
        checked={Boolean(value)}
        disabled={none}
        onChange={(e) =>
          p.onChange((e.target as HTMLInputElement).checked ? { quantity: line.returnable, reason: '' } : undefined)
        }
      />
      <div class="grow">
        <label for={id}>{line.product_name}</label>
        <div class="muted">
          {line.returned > 0 ? `${line.returned} of ${line.quantity} already returned` : `Ordered: ${line.quantity}`}
        </div>
        {value ? (
          <div class="line-extra">
            {line.returnable > 1 ? (
              <div class="field">
                <label for={`${id}-qty`}>Quantity</label>
                <select
                  id={`${id}-qty`}
                  value={String(value.quantity)}
                  onChange={(e) => p.onChange({ ...value, quantity: Number((e.target as HTMLSelectElement).value) })}
                >
                  {Array.from({ length: line.returnable }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={String(n)}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div class="field">
              <label for={`${id}-reason`}>Reason</label>
              <select
                id={`${id}-reason`}
                value={value.reason}
                onChange={(e) => p.onChange({ ...value, reason: (e.target as HTMLSelectElement).value })}
              >
                <option value="">Choose a reason</option>
                {p.reasons.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function PlaceText({ place }: { place: Place }) {
  return (
    <>
      <strong>{place.location_name}</strong>
      <div>{[place.street1, place.city, place.state, place.postal_code].filter(Boolean).join(', ')}</div>
      <div class="muted">
        {[distanceText(place.distance, place.distance_units), hoursToday(place.operational_hours)]
          .filter(Boolean)
          .join(' · ')}
      </div>
    </>
  );
}

export function MethodChoice(p: {
  methods: Method[];
  currency?: string;
  methodId?: string;
  pickupDate?: string;
  onMethod: (id: string) => void;
  onPickupDate: (d: string) => void;
}) {
  const m = p.methods.find((x) => x.id === p.methodId);
  return (
    <>
      <fieldset>
        <legend>How would you like to send it?</legend>
        {p.methods.map((x) => (
          <div class="choice" key={x.id}>
            <input
              type="radio"
              name="method"
              id={`m-${x.id}`}
              checked={p.methodId === x.id}
              onChange={() => p.onMethod(x.id)}
            />
            <img src={x.carrier_logo} alt="" />
            <label for={`m-${x.id}`}>
              <strong>{x.method_name}</strong>
              <div>
                {x.customer_charge === 0
                  ? 'Free'
                  : `Return charge ${customerCost(x.customer_charge, p.currency ?? 'USD')}`}
              </div>
              <div class="muted">{x.carrier_name}</div>
            </label>
          </div>
        ))}
      </fieldset>
      {m?.type === 'drop_off' ? (
        // The label is good at any of the carrier's places: the nearest are help, not a choice to make.
        <section class="card" aria-labelledby="places-h">
          <h2 id="places-h">Drop-off places near you</h2>
          <p class="muted">
            You can hand the parcel in at any of {m.carrier_name}’s drop-off places; these are the nearest.
          </p>
          {m.options_error ? (
            <p>
              The list of drop-off places could not be loaded just now. You can still create the return and take it to
              any of them.
            </p>
          ) : null}
          {m.options?.length === 0 && !m.options_error ? (
            <p class="muted">No drop-off places were found near you; any of the carrier’s places will take it.</p>
          ) : null}
          {m.options && m.options.length > 0 ? (
            <ul class="places">
              {m.options.map((o) => (
                <li key={o.location_id}>
                  <PlaceText place={o} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {m?.type === 'pickup' ? (
        <div class="field spaced">
          <label for="pickup-date">Pickup date (between 09:00 and 17:00)</label>
          <select
            id="pickup-date"
            value={p.pickupDate ?? ''}
            onChange={(e) => p.onPickupDate((e.target as HTMLSelectElement).value)}
          >
            <option value="">Choose a date</option>
            {m.pickup_dates?.map((d) => (
              <option key={d} value={d}>
                {wallTime(d, false)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}

export function Done({ ret }: { ret: Made }) {
  return (
    <section class="card ok" aria-labelledby="done" role="status">
      <h2 id="done">Your return is ready</h2>
      <p>
        Print the label, stick it on the parcel
        {ret.pickup_date ? ', and have it ready for the driver.' : ', and hand it in.'}
      </p>
      <p>
        <a class="button wide" href={ret.label_url} download={`return-label-${ret.tracking_number}`}>
          Download label
        </a>
      </p>
      <p class="muted">Tracking number {ret.tracking_number}</p>
      {ret.pickup_date ? (
        <p>The carrier will collect it on {wallTime(ret.pickup_date, false)}, between 09:00 and 17:00.</p>
      ) : null}
    </section>
  );
}

export function PastReturns({ returns }: { returns: Made[] }) {
  if (returns.length === 0) return null;
  return (
    <section class="card" aria-labelledby="past">
      <h2 id="past">Returns made with this link</h2>
      <ul>
        {returns.map((r) => (
          <li key={r.id}>
            {r.lines.map((l) => `${l.quantity} × ${l.product_name}`).join(', ')} · {r.method_name} ·{' '}
            <a href={r.label_url} download={`return-label-${r.tracking_number}`}>
              Label {r.tracking_number}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
