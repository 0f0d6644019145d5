/**
 * Book a shipment: addresses and packages once, rates from every chosen account side by side (one
 * POST /rate per account), then buy one and print its label.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { call } from '../call';
import { counted, day, money } from '../../shared/format';
import { usePurchase, type Purchase } from '../purchase';
import { BuyQuestion, liveLabelsOf, OutcomeUnknown, type LiveLabel } from './buy-panels';
import { LabelLink } from '../label';
import { BASE, Link } from '../router';
import {
  ADDRESS_FIELDS,
  type Account,
  type Address,
  type AddressForm,
  type DimUnit,
  type Rate,
  type Shipment,
  type WeightUnit,
} from '../types';
import { ErrorNote, Field, PageHeading, Select, Status, useAction, useApi } from '../ui';
import { accountName } from '../names';
import { useCan } from '../context';

interface Parcel {
  weight: string;
  length: string;
  width: string;
  height: string;
}

/** The units the API takes (KG or LB): offering OZ or G would only be refused. */
const WEIGHT_UNITS: WeightUnit[] = ['LB', 'KG'];

export const blankAddress: AddressForm = {
  name: '',
  company: '',
  street1: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'US',
  phone: '',
};
const blankParcel: Parcel = { weight: '1', length: '10', width: '8', height: '4' };

export function AddressFields({
  legend,
  value,
  onChange,
  required = true,
}: {
  legend: string;
  value: AddressForm;
  onChange: (a: AddressForm) => void;
  required?: boolean;
}) {
  const f = (k: keyof AddressForm, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} value={value[k] ?? ''} onValue={(v) => onChange({ ...value, [k]: v })} {...extra} />
  );
  return (
    <fieldset class="address">
      <legend>{legend}</legend>
      {f('name', 'Name', { required, autoComplete: 'off' })}
      {f('company', 'Company')}
      {f('street1', 'Street', { required })}
      {f('city', 'City', { required })}
      {f('state', 'State or region')}
      {f('postal_code', 'Postal code')}
      {f('country', 'Country (2 letters)', { required, maxLength: 2, pattern: '[A-Za-z]{2}' })}
      {f('phone', 'Phone', { type: 'tel' })}
    </fieldset>
  );
}

type Quote = { account: Account; rates?: Rate[]; error?: string };

/** "Arrives Fri 28 Nov 2026 · 2 days", from what the carrier said. */
function deliveryText(r: Rate): string {
  const days = r.transit_days !== undefined ? counted(r.transit_days, 'day') : undefined;
  return [r.estimated_date ? `Arrives ${day(r.estimated_date)}` : undefined, days].filter(Boolean).join(' · ');
}

/** What the form holds, without its empty fields, the country in capitals: the address to send. */
export function clean(a: AddressForm): Address {
  // The country is asked by every address form (a required field): '' only if the browser let it through.
  const out: Address = { country: '' };
  for (const k of ADDRESS_FIELDS) if (a[k]) out[k] = k === 'country' ? a[k].toUpperCase() : a[k];
  return out;
}

/** An address from an answer as the form holds it (its text fields). */
export function formOf(a: Address | undefined): AddressForm {
  const out: AddressForm = { ...blankAddress };
  for (const k of ADDRESS_FIELDS) if (a?.[k] !== undefined) out[k] = a[k];
  return out;
}

export function NewShipment() {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carriers = useApi('listCarriers');
  const [chosen, setChosen] = useState<string[]>([]);
  const [sender, setSender] = useState<AddressForm>(blankAddress);
  const [recipient, setRecipient] = useState<AddressForm>(blankAddress);
  const [parcels, setParcels] = useState<Parcel[]>([blankParcel]);
  const [units, setUnits] = useState<{ weight: WeightUnit; dim: DimUnit }>({ weight: 'LB', dim: 'IN' });
  const [order, setOrder] = useState('');
  const [quotes, setQuotes] = useState<Quote[]>();
  const mayBuy = useCan('shipments.buy');
  const [booked, setBooked] = useState<Shipment & { serviceName: string; carrierName: string }>();
  const rating = useAction();
  const list = accounts.data?.shipping_accounts ?? [];

  const shipmentFor = (account: Account) => ({
    shipping_account: account.id,
    sender: clean(sender),
    recipient: clean(recipient),
    packages: parcels.map((p) => ({
      weight: Number(p.weight),
      length: Number(p.length),
      width: Number(p.width),
      height: Number(p.height),
    })),
    weight_units: units.weight,
    dim_units: units.dim,
  });

  const getRates = async (e: Event) => {
    e.preventDefault();
    setBooked(undefined);
    setAsking(undefined);
    const picked = list.filter((a) => chosen.includes(a.id));
    if (picked.length === 0) return rating.setError('Choose at least one shipping account.');
    await rating.run(async () => {
      const answers = await Promise.all(
        picked.map(async (account): Promise<Quote> => {
          try {
            const res = await call('rateShipment', { body: { shipment: shipmentFor(account) } });
            // Cheapest first, whatever order the carrier answered in.
            return { account, rates: [...res.rates].sort((a, b) => Number(a.total_cost) - Number(b.total_cost)) };
          } catch (err) {
            return { account, error: (err as Error).message };
          }
        }),
      );
      setQuotes(answers);
    });
  };

  // Buy asks first, with the price (and the order's live labels); the purchase is one intent that
  // outlives the page (purchase.ts); after booking, the booking is shown and the form cleared.
  const [asking, setAsking] = useState<{
    purchase: Purchase;
    order: string;
    duplicates: LiveLabel[];
    allowDuplicate: boolean;
  }>();
  const [buyError, setBuyError] = useState<string>();
  const purchase = usePurchase((o) => {
    if (o.kind === 'booked') {
      setAsking(undefined);
      setQuotes(undefined);
      setRecipient(blankAddress);
      setParcels([blankParcel]);
      setOrder('');
      setBooked({
        ...o.shipment,
        status: 'CREATED',
        created: new Date().toISOString(),
        serviceName: o.purchase.serviceName,
        carrierName: o.purchase.carrierName,
      });
    } else if (o.kind === 'duplicate' && asking)
      setAsking({ ...asking, duplicates: o.ids.map((id) => ({ id })), allowDuplicate: true });
    else setBuyError(o.message);
  });
  const ask = async (account: Account, rate: Rate) => {
    setBuyError(undefined);
    const meta = carriers.data?.carriers.find((c) => c.slug === account.carrier);
    const packaging =
      account.defaults.packaging_type ??
      (meta?.packaging_types.includes('your_packaging') ? 'your_packaging' : meta?.packaging_types[0]);
    const ref = order.trim();
    const references = ref ? { references: [{ type: 'order', value: ref }] } : {};
    const carrierName = meta?.name ?? account.carrier;
    const body = {
      shipment: {
        ...shipmentFor(account),
        service: rate.service_type,
        ...(packaging ? { packaging } : {}),
        ...references,
      },
    };
    const p: Purchase = {
      body,
      what: `${rate.service_name} (${carrierName})`,
      carrierName,
      serviceName: rate.service_name,
      price: money(rate.total_cost, rate.currency),
    };
    const duplicates = ref ? await liveLabelsOf(account.id, ref).catch(() => []) : [];
    setAsking({ purchase: p, order: ref, duplicates, allowDuplicate: duplicates.length > 0 });
  };
  const confirmBuy = () => {
    if (!asking) return;
    const { purchase: p, order: ref, allowDuplicate } = asking;
    // Checked again by the service: a label bought meanwhile (another tab, a colleague) is refused too.
    const body = ref && !allowDuplicate ? { shipment: { ...p.body.shipment, reject_duplicates: true } } : p.body;
    purchase.buy({ ...p, body });
  };
  const bookedRef = useRef<HTMLElement>(null);
  // The confirmation appears where the Buy button was, in view and focused (announced, too).
  useEffect(() => {
    if (!booked || !bookedRef.current) return;
    bookedRef.current.scrollIntoView({ block: 'nearest' });
    bookedRef.current.focus({ preventScroll: true });
  }, [booked]);
  // The first account chosen fills an empty From with its billing address (where its parcels leave from).
  const choose = (a: Account, on: boolean) => {
    setChosen(on ? [...chosen, a.id] : chosen.filter((x) => x !== a.id));
    if (on && a.billing_address && Object.values(sender).every((v) => v === '' || v === 'US'))
      setSender(formOf(a.billing_address));
  };

  const setParcel = (i: number, k: keyof Parcel) => (v: string) =>
    setParcels(parcels.map((p, j) => (j === i ? { ...p, [k]: v } : p)));

  return (
    <section>
      <PageHeading>New shipment</PageHeading>
      <Status loaded={accounts} />
      {accounts.data && list.length === 0 ? (
        <p>
          Add a shipping account first: <Link href={`${BASE}/accounts`}>Accounts</Link>.
        </p>
      ) : null}
      <form onSubmit={getRates} class="stack">
        <fieldset>
          <legend>Shipping accounts to rate</legend>
          <div class="checks">
            {list.map((a) => (
              <label key={a.id} class="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(a.id)}
                  onChange={(e) => choose(a, (e.currentTarget as HTMLInputElement).checked)}
                />
                {accountName(a)}
              </label>
            ))}
          </div>
        </fieldset>
        <div class="grid">
          <AddressFields legend="From" value={sender} onChange={setSender} />
          <AddressFields legend="To" value={recipient} onChange={setRecipient} />
        </div>
        <Field
          label="Order number"
          hint="Printed on the label as a reference, and searchable in Shipments"
          value={order}
          onValue={setOrder}
          autoComplete="off"
        />
        <fieldset>
          <legend>Packages</legend>
          <div class="units">
            <Select
              label="Weight unit"
              value={units.weight}
              onValue={(v) => setUnits({ ...units, weight: v })}
              options={WEIGHT_UNITS}
            />
            <Select
              label="Size unit"
              value={units.dim}
              onValue={(v) => setUnits({ ...units, dim: v })}
              options={['IN', 'CM']}
            />
          </div>
          {parcels.map((p, i) => (
            <div class="parcel" key={i} role="group" aria-label={`Package ${i + 1}`}>
              <Field
                label={`Package ${i + 1} weight`}
                type="number"
                min="0.01"
                step="any"
                required
                value={p.weight}
                onValue={setParcel(i, 'weight')}
              />
              <Field
                label="Length"
                type="number"
                min="0"
                step="any"
                value={p.length}
                onValue={setParcel(i, 'length')}
              />
              <Field label="Width" type="number" min="0" step="any" value={p.width} onValue={setParcel(i, 'width')} />
              <Field
                label="Height"
                type="number"
                min="0"
                step="any"
                value={p.height}
                onValue={setParcel(i, 'height')}
              />
              {parcels.length > 1 ? (
                <button type="button" class="quiet" onClick={() => setParcels(parcels.filter((_, j) => j !== i))}>
                  Remove package {i + 1}
                </button>
              ) : null}
            </div>
          ))}
          <button type="button" class="quiet" onClick={() => setParcels([...parcels, blankParcel])}>
            Add a package
          </button>
        </fieldset>
        <ErrorNote>{rating.error}</ErrorNote>
        <div class="actions">
          <button type="submit" disabled={rating.busy}>
            {rating.busy ? 'Getting rates…' : 'Get rates'}
          </button>
        </div>
      </form>
      {quotes ? (
        <section aria-labelledby="rates-h">
          <h2 id="rates-h">Rates</h2>
          <div class="quotes">
            {quotes.map((q) => (
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
                      {mayBuy ? (
                        <button
                          type="button"
                          disabled={purchase.pending !== undefined || rating.busy}
                          onClick={() => void ask(q.account, r)}
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
      ) : null}
      {asking && !purchase.pending ? (
        <BuyQuestion
          purchase={asking.purchase}
          order={asking.order}
          duplicates={asking.duplicates}
          busy={purchase.busy}
          onYes={confirmBuy}
          onNo={() => setAsking(undefined)}
        />
      ) : null}
      {purchase.pending && purchase.state === 'sending' ? (
        <p class="note" role="status">
          Buying {purchase.pending.what} for {purchase.pending.price}…
        </p>
      ) : null}
      {purchase.pending && purchase.state === 'unknown' ? (
        <OutcomeUnknown
          purchase={purchase.pending}
          recipient={String((purchase.pending.body.shipment.recipient as { name?: string } | undefined)?.name ?? '')}
          order={String(
            (purchase.pending.body.shipment.references as { value: string }[] | undefined)?.[0]?.value ?? '',
          )}
          checking={purchase.busy}
          detail={purchase.detail}
          onCheck={purchase.checkNow}
        />
      ) : null}
      <ErrorNote>{buyError}</ErrorNote>
      {booked ? (
        <section class="card done" tabIndex={-1} ref={bookedRef} aria-labelledby="booked-h">
          <h2 id="booked-h">Booked {booked.tracking_number}</h2>
          <p>
            {booked.serviceName} · {booked.carrierName} · {money(booked.costs?.net_charge, booked.costs?.currency)} · to{' '}
            {booked.recipient.name}
          </p>
          <div class="row-actions">
            <LabelLink
              url={booked.combined_label ?? booked.packages[0]!.label}
              name={booked.tracking_number}
              text="Print label"
            />
            <Link href={`${BASE}/shipments/${encodeURIComponent(booked.id)}`}>Open the shipment</Link>
          </div>
        </section>
      ) : null}
    </section>
  );
}
