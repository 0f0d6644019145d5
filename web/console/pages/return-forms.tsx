/**
 * What the Returns page makes: return methods (how a customer sends parcels back, at what charge)
 * and returns portal links (a signed page where a customer returns items of an order by themself).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../shared/api';
import { dateTime } from '../../shared/format';
import { accountName, namedOptions } from '../names';
import type { Account, Address, CarrierMeta } from '../types';
import { ErrorNote, Field, Select, useAction, useApi } from '../ui';
import { AddressFields, blankAddress, clean } from './new-shipment';

export function NewReturnMethod({ onCreated }: { onCreated: () => void }) {
  const accounts = useApi<{ shipping_accounts: Account[] }>('/shippingaccount?limit=500');
  const carriers = useApi<{ carriers: CarrierMeta[] }>('/meta/carriers');
  const [form, setForm] = useState({ account: '', name: '', type: 'drop_off', service: '', charge: '0', cost: '0' });
  const [made, setMade] = useState<string>();
  const act = useAction();
  const list = accounts.data?.shipping_accounts ?? [];
  const chosen = list.find((a) => a.id === form.account);
  const meta = carriers.data?.carriers.find((c) => c.slug === chosen?.carrier);
  const set = (k: keyof typeof form) => (v: string) => setForm({ ...form, [k]: v });
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
        cost: { carrier_charge: Number(form.cost), customer_charge: Number(form.charge) },
        return_charge: Number(form.charge),
      },
    };
    const res = await act.run((key) => api<{ return_method: { id: string; method_name: string } }>('/returns/methods', { key, body }));
    if (res) {
      setMade(`Return method “${res.body.return_method.method_name}” created.`);
      onCreated();
    }
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="method-h">
      <h2 id="method-h">New return method</h2>
      <div class="row">
        <Select label="Shipping account" value={form.account} onValue={set('account')} blank="Choose an account" required options={list.map((a) => [a.id, accountName(a)] as [string, string])} />
        <Field label="Method name" hint="What the customer reads, e.g. Drop off at a post office" required value={form.name} onValue={set('name')} />
        <Select label="Type" value={form.type} onValue={set('type')} options={[['drop_off', 'Drop off'], ['pickup', 'Pickup at the customer']]} />
        <Select label="Service" value={form.service} onValue={set('service')} blank={chosen ? 'Choose a service' : 'Choose an account first'} required options={namedOptions(meta?.services ?? [], meta?.slug)} />
        <Field label="Charged to the customer" type="number" min="0" step="0.01" required value={form.charge} onValue={set('charge')} />
        <Field label="Carrier charge (your cost)" type="number" min="0" step="0.01" required value={form.cost} onValue={set('cost')} />
      </div>
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

/** One item line of a portal link's order. */
interface Line {
  product: string;
  sku: string;
  quantity: string;
  value: string;
  weight: string;
}

const blankLine: Line = { product: '', sku: '', quantity: '1', value: '', weight: '' };

export function NewPortalLink() {
  const [customer, setCustomer] = useState<Address>(blankAddress);
  const [ids, setIds] = useState({ customer: '', order: '', units: 'LB' });
  const [lines, setLines] = useState<Line[]>([blankLine]);
  const [link, setLink] = useState<{ url: string; expires: string }>();
  const act = useAction();
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (link) result.current?.focus();
  }, [link]);
  const setLine = (i: number, k: keyof Line) => (v: string) => setLines(lines.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
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
    const res = await act.run((key) => api<{ portal_link: { url: string; expires: string } }>('/returns/portal-links', { key, body }));
    if (res) setLink(res.body.portal_link);
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="portal-h">
      <h2 id="portal-h">Returns portal link</h2>
      <p class="sub">A page for one order where the customer chooses what to return, why, and how; send them the link.</p>
      <div class="row">
        <Field label="Customer id" required value={ids.customer} onValue={(v) => setIds({ ...ids, customer: v })} />
        <Field label="Order id" required value={ids.order} onValue={(v) => setIds({ ...ids, order: v })} />
        <Select label="Weight unit" value={ids.units} onValue={(v) => setIds({ ...ids, units: v })} options={['LB', 'KG']} />
      </div>
      <AddressFields legend="Customer" value={customer} onChange={setCustomer} />
      <fieldset>
        <legend>Items of the order</legend>
        {lines.map((l, i) => (
          <div class="parcel" key={i} role="group" aria-label={`Item ${i + 1}`}>
            <Field label={`Item ${i + 1} product`} required value={l.product} onValue={setLine(i, 'product')} />
            <Field label="SKU" required value={l.sku} onValue={setLine(i, 'sku')} />
            <Field label="Quantity" type="number" min="1" step="1" required value={l.quantity} onValue={setLine(i, 'quantity')} />
            <Field label="Value of one" type="number" min="0" step="0.01" required value={l.value} onValue={setLine(i, 'value')} />
            <Field label={`Weight of one (${ids.units})`} type="number" min="0.001" step="any" required value={l.weight} onValue={setLine(i, 'weight')} />
          </div>
        ))}
        <button type="button" class="quiet" onClick={() => setLines([...lines, blankLine])}>
          Add an item
        </button>
      </fieldset>
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Create portal link
        </button>
      </div>
      {link ? (
        <div class="card done" tabIndex={-1} ref={result} role="group" aria-label="Portal link created">
          <Field label={`Link for the customer (valid until ${dateTime(link.expires)})`} value={link.url} readOnly class="tracking-link" onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
          <a href={link.url} target="_blank" rel="noopener">
            Open the portal
          </a>
        </div>
      ) : null}
    </form>
  );
}
