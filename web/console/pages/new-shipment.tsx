/**
 * Book a shipment: addresses and packages once, rates from every chosen account side by side (one
 * POST /rate per account), then buy one and print its label.
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { BASE, Link } from '../router';
import type { Account, AddressForm } from '../types';
import { ErrorNote, Field, PageHeading, Status, useAction, useApi } from '../ui';
import { useCan } from '../context';
import { AddressFields, blankAddress, clean, formOf } from './address-fields';
import {
  AccountChecks,
  blankParcel,
  PackagesFieldset,
  RateCards,
  type Parcel,
  type Quote,
  type Units,
} from './shipment-parts';
import { BuyingPanels, useBuying } from './shipment-buying';

export function NewShipment() {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carriers = useApi('listCarriers');
  const [chosen, setChosen] = useState<string[]>([]);
  const [sender, setSender] = useState<AddressForm>(blankAddress);
  const [recipient, setRecipient] = useState<AddressForm>(blankAddress);
  const [parcels, setParcels] = useState<Parcel[]>([blankParcel]);
  const [units, setUnits] = useState<Units>({ weight: 'LB', dim: 'IN' });
  const [order, setOrder] = useState('');
  const [quotes, setQuotes] = useState<Quote[]>();
  const mayBuy = useCan('shipments.buy');
  const rating = useAction();
  const list = accounts.data?.shipping_accounts ?? [];
  // After booking, the form is cleared for the next order (the sender stays).
  const buying = useBuying(carriers.data?.carriers, () => {
    setQuotes(undefined);
    setRecipient(blankAddress);
    setParcels([blankParcel]);
    setOrder('');
  });

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
    buying.reset();
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

  // The first account chosen fills an empty From with its billing address (where its parcels leave from).
  const choose = (a: Account, on: boolean) => {
    setChosen(on ? [...chosen, a.id] : chosen.filter((x) => x !== a.id));
    if (on && a.billing_address && Object.values(sender).every((v) => v === '' || v === 'US'))
      setSender(formOf(a.billing_address));
  };

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
        <AccountChecks list={list} chosen={chosen} onChoose={choose} />
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
        <PackagesFieldset parcels={parcels} onParcels={setParcels} units={units} onUnits={setUnits} />
        <ErrorNote>{rating.error}</ErrorNote>
        <div class="actions">
          <button type="submit" disabled={rating.busy}>
            {rating.busy ? 'Getting rates…' : 'Get rates'}
          </button>
        </div>
      </form>
      {quotes ? (
        <RateCards
          quotes={quotes}
          mayBuy={mayBuy}
          disabled={buying.purchase.pending !== undefined || rating.busy}
          onBuy={(account, rate) => void buying.ask(account, rate, shipmentFor(account), order)}
        />
      ) : null}
      <BuyingPanels b={buying} />
    </section>
  );
}
