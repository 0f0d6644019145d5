/**
 * What New shipment shows besides its addresses: the accounts to rate, the packages and their units,
 * and the rates each account answered, cheapest first, each with its Buy button.
 */
import { counted, day, money } from '../../shared/format';
import { accountName } from '../names';
import type { Account, DimUnit, Rate, WeightUnit } from '../types';
import { ErrorNote, Field, Select } from '../ui';

export interface Parcel {
  weight: string;
  length: string;
  width: string;
  height: string;
}

export const blankParcel: Parcel = { weight: '1', length: '10', width: '8', height: '4' };

export type Units = { weight: WeightUnit; dim: DimUnit };

/** The units the API takes (KG or LB): offering OZ or G would only be refused. */
const WEIGHT_UNITS: WeightUnit[] = ['LB', 'KG'];

export type Quote = { account: Account; rates?: Rate[]; error?: string };

/** "Arrives Fri 28 Nov 2026 · 2 days", from what the carrier said. */
function deliveryText(r: Rate): string {
  const days = r.transit_days !== undefined ? counted(r.transit_days, 'day') : undefined;
  return [r.estimated_date ? `Arrives ${day(r.estimated_date)}` : undefined, days].filter(Boolean).join(' · ');
}

export function AccountChecks(props: {
  list: Account[];
  chosen: string[];
  onChoose: (a: Account, on: boolean) => void;
}) {
  return (
    <fieldset>
      <legend>Shipping accounts to rate</legend>
      <div class="checks">
        {props.list.map((a) => (
          <label key={a.id} class="check">
            <input
              type="checkbox"
              checked={props.chosen.includes(a.id)}
              onChange={(e) => props.onChoose(a, (e.currentTarget as HTMLInputElement).checked)}
            />
            {accountName(a)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ParcelFields(props: { p: Parcel; i: number; onChange: (p: Parcel) => void; onRemove?: () => void }) {
  const { p, i } = props;
  const set = (k: keyof Parcel) => (v: string) => props.onChange({ ...p, [k]: v });
  const size = { type: 'number', min: '0', step: 'any' } as const;
  return (
    <div class="parcel" role="group" aria-label={`Package ${i + 1}`}>
      <Field
        label={`Package ${i + 1} weight`}
        type="number"
        min="0.01"
        step="any"
        required
        value={p.weight}
        onValue={set('weight')}
      />
      <Field label="Length" {...size} value={p.length} onValue={set('length')} />
      <Field label="Width" {...size} value={p.width} onValue={set('width')} />
      <Field label="Height" {...size} value={p.height} onValue={set('height')} />
      {props.onRemove ? (
        <button type="button" class="quiet" onClick={props.onRemove}>
          Remove package {i + 1}
        </button>
      ) : null}
    </div>
  );
}

export function PackagesFieldset(props: {
  parcels: Parcel[];
  onParcels: (p: Parcel[]) => void;
  units: Units;
  onUnits: (u: Units) => void;
}) {
  const { parcels, onParcels, units, onUnits } = props;
  return (
    <fieldset>
      <legend>Packages</legend>
      <div class="units">
        <Select
          label="Weight unit"
          value={units.weight}
          onValue={(v) => onUnits({ ...units, weight: v })}
          options={WEIGHT_UNITS}
        />
        <Select
          label="Size unit"
          value={units.dim}
          onValue={(v) => onUnits({ ...units, dim: v })}
          options={['IN', 'CM']}
        />
      </div>
      {parcels.map((p, i) => (
        <ParcelFields
          key={i}
          p={p}
          i={i}
          onChange={(next) => onParcels(parcels.map((q, j) => (j === i ? next : q)))}
          onRemove={parcels.length > 1 ? () => onParcels(parcels.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      <button type="button" class="quiet" onClick={() => onParcels([...parcels, blankParcel])}>
        Add a package
      </button>
    </fieldset>
  );
}

/** Each account's rates side by side; Buy only for a role that may buy, and not while a purchase is under way. */
export function RateCards(props: {
  quotes: Quote[];
  mayBuy: boolean;
  disabled: boolean;
  onBuy: (account: Account, rate: Rate) => void;
}) {
  return (
    <section aria-labelledby="rates-h">
      <h2 id="rates-h">Rates</h2>
      <div class="quotes">
        {props.quotes.map((q) => (
          <section class="card" key={q.account.id} aria-label={accountName(q.account)}>
            <h3>{accountName(q.account)}</h3>
            {q.error ? <ErrorNote>{q.error}</ErrorNote> : null}
            {q.rates?.length === 0 ? <p class="note">No rates for this shipment.</p> : null}
            <ul class="rates">
              {(q.rates ?? []).map((r) => (
                <li key={r.service_type}>
                  <span class="what">{r.service_name}</span>
                  <span class="price amount">{money(r.total_cost, r.currency)}</span>
                  <span class="sub">{deliveryText(r)}</span>
                  {props.mayBuy ? (
                    <button
                      type="button"
                      disabled={props.disabled}
                      onClick={() => props.onBuy(q.account, r)}
                      aria-label={`Buy ${r.service_name} from ${accountName(q.account)} for ${money(r.total_cost, r.currency)}`}
                    >
                      Buy
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
