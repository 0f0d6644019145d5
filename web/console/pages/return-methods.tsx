/**
 * The return methods a team has made: listed with their account and charge, changed in place, and
 * deleted (returns made with a method keep their copy of it and still read).
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { money } from '../../shared/format';
import { useAccountNames } from '../display';
import type { AddressForm, ReturnMethod } from '../types';
import { Confirm, ErrorNote, Field, Status, useAction, useApi } from '../ui';
import {
  ChargeFields,
  chargesBody,
  DestinationChoice,
  METHOD_TYPES,
  MethodTypeSelect,
  type Charges,
} from './method-fields';
import { clean, formOf } from './address-fields';

const typeName = (t: string) => METHOD_TYPES.find(([k]) => k === t)?.[1] ?? t;

function EditMethod({ m, billed, onDone }: { m: ReturnMethod; billed: boolean; onDone: (changed: boolean) => void }) {
  const [form, setForm] = useState({
    name: m.method_name,
    // The answer says the type as text; the form offers the types a method may have.
    type: METHOD_TYPES.find(([t]) => t === m.type)?.[0] ?? 'drop_off',
  });
  const [charges, setCharges] = useState<Charges>({
    charge: String(m.cost.customer_charge),
    cost: String(m.cost.carrier_charge),
  });
  const [own, setOwn] = useState(m.destination !== undefined);
  const [destination, setDestination] = useState<AddressForm>(formOf(m.destination));
  const act = useAction();
  const save = async (e: Event) => {
    e.preventDefault();
    const body = {
      return_method: {
        method_name: form.name,
        type: form.type,
        ...chargesBody(charges),
        // null clears its own address: its returns go to the account's billing address again.
        destination: own ? clean(destination) : null,
      },
    };
    if (await act.run(() => call('updateReturnMethod', { path: { id: m.id }, body }))) onDone(true);
  };
  return (
    <form class="stack edit" onSubmit={save} aria-label={`Edit return method ${m.method_name}`}>
      <div class="row">
        <Field label="Method name" required value={form.name} onValue={(name) => setForm({ ...form, name })} />
        <MethodTypeSelect value={form.type} onValue={(type) => setForm({ ...form, type })} />
        <ChargeFields value={charges} onChange={setCharges} />
      </div>
      <DestinationChoice own={own} onOwn={setOwn} address={destination} onAddress={setDestination} billed={billed} />
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Save
        </button>
        <button type="button" class="quiet" onClick={() => onDone(false)}>
          Discard
        </button>
      </div>
    </form>
  );
}

/** The methods' accounts: amounts in an account's own currency (its bookings are priced in it), else the service's default. */
export function useAccounts(): { currencyOf: (accountId: string) => string; billed: (accountId: string) => boolean } {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const byId = new Map((accounts.data?.shipping_accounts ?? []).map((a) => [a.id, a]));
  // Until the accounts load, nothing is flagged.
  return {
    currencyOf: (id) => byId.get(id)?.defaults.currency ?? 'USD',
    billed: (id) => !accounts.data || Boolean(byId.get(id)?.billing_address),
  };
}

/** Made anew (a new key) when a method is created, so the list reads it. */
export function ReturnMethods({ manage }: { manage: boolean }) {
  const loaded = useApi('listReturnMethods');
  const accountLabel = useAccountNames();
  const { currencyOf, billed } = useAccounts();
  const [editing, setEditing] = useState<string>();
  const list = loaded.data?.return_methods;
  return (
    <section class="card" aria-labelledby="methods-h">
      <h2 id="methods-h">Return methods</h2>
      <Status loaded={loaded} empty={list?.length === 0} />
      {list && list.length > 0 ? (
        <ul class="cards">
          {list.map((m) => (
            <li key={m.id} class="method">
              <h3>{m.method_name}</h3>
              <p>
                {`${typeName(m.type)} · ${m.carrier_name} · charged to the customer ${money(m.cost.customer_charge, currencyOf(m.shipping_account))} · your cost ${money(m.cost.carrier_charge, currencyOf(m.shipping_account))}`}
                <span class="sub">{accountLabel(m.shipping_account)}</span>
              </p>
              {m.destination ? (
                <p class="sub">{`Returns go to ${[m.destination.name, m.destination.city, m.destination.country].filter(Boolean).join(', ')}`}</p>
              ) : null}
              {!m.destination && !billed(m.shipping_account) ? (
                <p class="note">
                  Not offered in the returns portal: neither it nor its account has an address for returns to go to. Add
                  one with Edit account on the Accounts page.
                </p>
              ) : null}
              {manage && editing === m.id ? (
                <EditMethod
                  m={m}
                  billed={billed(m.shipping_account)}
                  onDone={(changed) => {
                    setEditing(undefined);
                    if (changed) loaded.reload();
                  }}
                />
              ) : manage ? (
                <div class="row-actions">
                  <button type="button" class="quiet" onClick={() => setEditing(m.id)}>
                    Edit<span class="visually-hidden">{` return method ${m.method_name}`}</span>
                  </button>
                  <Confirm
                    label="Delete"
                    name={`Delete return method ${m.method_name}`}
                    question={`Delete the return method “${m.method_name}”? Returns made with it still read; portal links stop offering it.`}
                    yes="Yes, delete the method"
                    onConfirm={async () => {
                      await call('deleteReturnMethod', { path: { id: m.id } });
                      loaded.reload();
                      return true;
                    }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
