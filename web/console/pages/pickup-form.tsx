/**
 * Scheduling a pickup: a carrier's driver collects parcels at an address on a day, between two
 * times. It changes a carrier object, so it is sent with one Idempotency-Key per intent.
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { useIntent } from '../intent';
import { accountOptions } from '../names';
import { ServiceSelect } from '../services';
import { BASE, navigate } from '../router';
import type { AddressForm, Body, WeightUnit } from '../types';
import { ErrorNote, Field, Select, useApi } from '../ui';
import { AddressFields, blankAddress, clean, formOf } from './address-fields';

/** The next weekday after today, YYYY-MM-DD (carriers collect on working days). */
function nextWorkday(): string {
  const d = new Date();
  do d.setDate(d.getDate() + 1);
  while (d.getDay() === 0 || d.getDay() === 6);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function SchedulePickup() {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carriers = useApi('listCarriers');
  const pickupCarriers = new Set<string>(
    (carriers.data?.carriers ?? []).filter((c) => c.operations.includes('pickup')).map((c) => c.slug),
  );
  const list = (accounts.data?.shipping_accounts ?? []).filter((a) => pickupCarriers.has(a.carrier));
  const [account, setAccount] = useState('');
  const [where, setWhere] = useState<AddressForm>(blankAddress);
  const [form, setForm] = useState<
    Record<'place' | 'date' | 'ready' | 'close' | 'parcels' | 'weight' | 'service', string> & { units: WeightUnit }
  >({
    place: 'front desk',
    date: nextWorkday(),
    ready: '10:00',
    close: '17:00',
    parcels: '1',
    weight: '5',
    units: 'LB',
    service: '',
  });
  const act = useIntent();
  const chosen = list.find((a) => a.id === account);
  const meta = carriers.data?.carriers.find((c) => c.slug === chosen?.carrier);
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) =>
      setForm({ ...form, [k]: v });
  const choose = (id: string) => {
    setAccount(id);
    const a = list.find((x) => x.id === id);
    // Parcels are usually collected where they leave from: the account's billing address.
    if (a?.billing_address) setWhere(formOf(a.billing_address));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const parcels = Array.from({ length: Math.max(1, Number(form.parcels)) }, () => ({ weight: Number(form.weight) }));
    const body: Body<'schedulePickup'> = {
      pickup: {
        shipping_account: account,
        carrier: chosen?.carrier ?? '',
        // What the carrier needs to find the door; one left empty is named by the service's answer.
        location: {
          ...clean(where),
          name: where.name ?? '',
          street1: where.street1 ?? '',
          city: where.city ?? '',
          phone: where.phone ?? '',
          location_type: form.place,
        },
        shipments: [{ packages: parcels, ...(form.service ? { service: form.service } : {}) }],
        time: { date: form.date, ready_time: form.ready, close_time: form.close },
        weight_units: form.units,
        dim_units: form.units === 'KG' ? 'CM' : 'IN',
      },
    };
    const res = await act.run(body, (idempotencyKey) => call('schedulePickup', { idempotencyKey, body }));
    if (res) navigate(`${BASE}/pickups/${encodeURIComponent(res.pickup.id)}`);
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="pickup-h">
      <h2 id="pickup-h">Schedule a pickup</h2>
      <div class="row">
        <Select
          label="Shipping account"
          value={account}
          onValue={choose}
          blank={list.length ? 'Choose an account' : 'No account of a carrier that picks up'}
          required
          options={accountOptions(list)}
        />
        <Field label="Date" type="date" required value={form.date} onValue={set('date')} />
        <Field label="Ready from" type="time" required value={form.ready} onValue={set('ready')} />
        <Field label="Open until" type="time" required value={form.close} onValue={set('close')} />
        <Field
          label="Where the driver collects"
          hint="e.g. front desk, back door"
          required
          value={form.place}
          onValue={set('place')}
        />
        <Field label="Parcels" type="number" min="1" step="1" required value={form.parcels} onValue={set('parcels')} />
        <Field
          label={`Weight of each (${form.units})`}
          type="number"
          min="0.01"
          step="any"
          required
          value={form.weight}
          onValue={set('weight')}
        />
        <Select label="Weight unit" value={form.units} onValue={set('units')} options={['LB', 'KG']} />
        <ServiceSelect
          label="Service"
          value={form.service}
          onValue={set('service')}
          blank="Any"
          carriers={meta ? [meta] : []}
        />
      </div>
      <AddressFields legend="Pickup address" value={where} onChange={setWhere} />
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy || !chosen}>
          {act.busy ? 'Scheduling…' : 'Schedule pickup'}
        </button>
      </div>
    </form>
  );
}
