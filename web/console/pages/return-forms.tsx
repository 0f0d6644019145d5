/**
 * What the Returns page makes: return methods (how a customer sends parcels back, at what charge),
 * returns portal links (a signed page where a customer returns items of an order by themself), and
 * returns booked for a customer.
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { useIntent } from '../intent';
import { accountOptions } from '../names';
import { ServiceSelect } from '../services';
import { BASE, navigate } from '../router';
import type { AddressForm, MethodType, WeightUnit } from '../types';
import { ErrorNote, Field, Select, useAction, useApi } from '../ui';
import { AddressFields, blankAddress, clean } from './address-fields';
import { ChargeFields, chargesBody, DestinationChoice, MethodTypeSelect, type Charges } from './method-fields';
import { useAccounts } from './return-methods';
import { blankLine, LinkMade, OrderLines, ReturnQuestion, type Line } from './return-parts';

export function NewReturnMethod({ onCreated }: { onCreated: () => void }) {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carriers = useApi('listCarriers');
  const [form, setForm] = useState<{ account: string; name: string; type: MethodType; service: string }>({
    account: '',
    name: '',
    type: 'drop_off',
    service: '',
  });
  const [charges, setCharges] = useState<Charges>({ charge: '0', cost: '0' });
  const [made, setMade] = useState<string>();
  // Where its returns go: the account's billing address, unless the method names its own.
  const [ownDestination, setOwnDestination] = useState(false);
  const [destination, setDestination] = useState<AddressForm>(blankAddress);
  const act = useAction();
  const list = accounts.data?.shipping_accounts ?? [];
  const chosen = list.find((a) => a.id === form.account);
  const meta = carriers.data?.carriers.find((c) => c.slug === chosen?.carrier);
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) =>
      setForm({ ...form, [k]: v });
  const submit = async (e: Event) => {
    e.preventDefault();
    setMade(undefined);
    const packaging = meta?.packaging_types.includes('your_packaging') ? 'your_packaging' : meta?.packaging_types[0];
    const body = {
      return_method: {
        shipping_account: form.account,
        method_name: form.name,
        type: form.type,
        service: form.service,
        ...(packaging ? { packaging } : {}),
        ...chargesBody(charges),
        ...(ownDestination ? { destination: clean(destination) } : {}),
      },
    };
    const res = await act.run(() => call('createReturnMethod', { body }));
    if (res) {
      setMade(`Return method “${res.return_method.method_name}” created.`);
      onCreated();
    }
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="method-h">
      <h2 id="method-h">New return method</h2>
      <div class="row">
        <Select
          label="Shipping account"
          value={form.account}
          onValue={set('account')}
          blank="Choose an account"
          required
          options={accountOptions(list)}
        />
        <Field
          label="Method name"
          hint="What the customer reads, e.g. Drop off at a post office"
          required
          value={form.name}
          onValue={set('name')}
        />
        <MethodTypeSelect value={form.type} onValue={set('type')} />
        <ServiceSelect
          label="Service"
          value={form.service}
          onValue={set('service')}
          blank={chosen ? 'Choose a service' : 'Choose an account first'}
          required
          carriers={meta ? [meta] : []}
        />
        <ChargeFields value={charges} onChange={setCharges} />
      </div>
      <DestinationChoice
        own={ownDestination}
        onOwn={setOwnDestination}
        address={destination}
        onAddress={setDestination}
        billed={chosen ? Boolean(chosen.billing_address) : undefined}
      />
      <ErrorNote>{act.error}</ErrorNote>
      <div aria-live="polite">{made ? <p class="note note-ok">{made}</p> : null}</div>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Create return method
        </button>
      </div>
    </form>
  );
}

export function NewPortalLink() {
  const [customer, setCustomer] = useState<AddressForm>(blankAddress);
  const [ids, setIds] = useState<{ customer: string; order: string; units: WeightUnit }>({
    customer: '',
    order: '',
    units: 'LB',
  });
  const [lines, setLines] = useState<Line[]>([blankLine]);
  const [link, setLink] = useState<{ url: string; expires: string }>();
  const act = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    setLink(undefined);
    const body = {
      portal_link: {
        customer_id: ids.customer,
        order_id: ids.order,
        customer: clean(customer),
        weight_units: ids.units,
        lines: lines.map((l, i) => ({
          line_id: String(i + 1),
          product_name: l.product,
          sku: l.sku,
          quantity: Number(l.quantity),
          value: Number(l.value),
          weight: Number(l.weight),
        })),
      },
    };
    const res = await act.run(() => call('createReturnPortalLink', { body }));
    if (res) setLink(res.portal_link);
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="portal-h">
      <h2 id="portal-h">Returns portal link</h2>
      <p class="sub">
        A page for one order where the customer chooses what to return, why, and how; send them the link.
      </p>
      <div class="row">
        <Field label="Customer id" required value={ids.customer} onValue={(v) => setIds({ ...ids, customer: v })} />
        <Field label="Order id" required value={ids.order} onValue={(v) => setIds({ ...ids, order: v })} />
        <Select
          label="Weight unit"
          value={ids.units}
          onValue={(v) => setIds({ ...ids, units: v })}
          options={['LB', 'KG']}
        />
      </div>
      <AddressFields legend="Customer" value={customer} onChange={setCustomer} />
      <OrderLines lines={lines} onLines={setLines} units={ids.units} />
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Create portal link
        </button>
      </div>
      {link ? <LinkMade link={link} /> : null}
    </form>
  );
}

/**
 * A return the merchant books for a customer: its label (and, for a pickup method, the driver) is
 * bought from the carrier, so it is sent with one Idempotency-Key per intent.
 */
export function NewReturn() {
  const methods = useApi('listReturnMethods');
  const [customer, setCustomer] = useState<AddressForm>(blankAddress);
  type Form = Record<
    'method' | 'customer' | 'order' | 'product' | 'quantity' | 'weight' | 'date' | 'ready' | 'close',
    string
  >;
  const [form, setForm] = useState<Form & { units: WeightUnit }>({
    method: '',
    customer: '',
    order: '',
    product: '',
    quantity: '1',
    weight: '1',
    units: 'LB',
    date: '',
    ready: '10:00',
    close: '17:00',
  });
  const act = useIntent();
  const { currencyOf } = useAccounts();
  // A return label is bought: the form asks first, with the method's price, then books.
  const [asking, setAsking] = useState(false);
  const list = methods.data?.return_methods ?? [];
  const method = list.find((m) => m.id === form.method);
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) => {
      setAsking(false);
      setForm({ ...form, [k]: v });
    };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!asking) return setAsking(true);
    const body = {
      return: {
        return_method: form.method,
        customer_id: form.customer,
        ...(form.order ? { order_id: form.order } : {}),
        customer: clean(customer),
        return_lines: [{ product_name: form.product, quantity: Number(form.quantity) }],
        packages: [{ weight: Number(form.weight) }],
        weight_units: form.units,
        ...(method?.type === 'pickup'
          ? { pickup: { date: form.date, ready_time: form.ready, close_time: form.close } }
          : {}),
      },
    };
    const res = await act.run(body, (idempotencyKey) => call('createReturn', { idempotencyKey, body }));
    if (res) navigate(`${BASE}/returns/${encodeURIComponent(res.id)}`);
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="return-h">
      <h2 id="return-h">New return</h2>
      <div class="row">
        <Select
          label="Return method"
          value={form.method}
          onValue={set('method')}
          blank={list.length ? 'Choose a method' : 'Create a return method first'}
          required
          options={list.map((m) => [m.id, `${m.method_name} (${m.carrier_name})`] as const)}
        />
        <Field label="Customer id" required value={form.customer} onValue={set('customer')} />
        <Field label="Order id" value={form.order} onValue={set('order')} />
        <Field label="Product" required value={form.product} onValue={set('product')} />
        <Field
          label="Quantity"
          type="number"
          min="1"
          step="1"
          required
          value={form.quantity}
          onValue={set('quantity')}
        />
        <Field
          label={`Parcel weight (${form.units})`}
          type="number"
          min="0.01"
          step="any"
          required
          value={form.weight}
          onValue={set('weight')}
        />
        <Select label="Weight unit" value={form.units} onValue={set('units')} options={['LB', 'KG']} />
        {method?.type === 'pickup' ? <PickupFields form={form} set={set} /> : null}
      </div>
      <AddressFields legend="Customer (the label’s sender)" value={customer} onChange={setCustomer} />
      <ErrorNote>{act.error}</ErrorNote>
      {asking && method ? (
        <ReturnQuestion
          method={method}
          currency={currencyOf(method.shipping_account)}
          busy={act.busy}
          onNo={() => setAsking(false)}
        />
      ) : (
        <div class="actions">
          <button type="submit" disabled={act.busy}>
            Book return label
          </button>
        </div>
      )}
    </form>
  );
}

/** A pickup method's return is collected: when the carrier may come. */
function PickupFields({
  form,
  set,
}: {
  form: Record<'date' | 'ready' | 'close', string>;
  set: (k: 'date' | 'ready' | 'close') => (v: string) => void;
}) {
  return (
    <>
      <Field label="Pickup date" type="date" required value={form.date} onValue={set('date')} />
      <Field label="Ready from" type="time" required value={form.ready} onValue={set('ready')} />
      <Field label="Open until" type="time" required value={form.close} onValue={set('close')} />
    </>
  );
}
