/**
 * Editing an account and its postage balance. Both call operations that newer versions of the
 * service have (PATCH /shippingaccount/{id}, /shippingaccount/{id}/balance): the console offers them
 * only when the service's own OpenAPI document lists them.
 */
import { useEffect, useState } from 'preact/hooks';
import { call, callJson } from '../call';
import { dateTime } from '../../shared/format';
import type { Account, Address, AddressForm, CarrierMeta, Currency, DimUnit, WeightUnit } from '../types';
import { useIntent } from '../intent';
import { Amount, ErrorNote, Field, Select, useAction, useApi } from '../ui';
import { AddressFields, blankAddress, clean, formOf } from './address-fields';
import { useCan } from '../context';

const SECRET = /secret|password|passphrase|key|token/i;
export const words = (member: string) => member.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
export const secretMember = (member: string) => SECRET.test(member);
/** An ISO 4217 code as the browser knows them (the carrier reports the balance's as text). */
const isCurrency = (code: string): code is Currency => Intl.supportedValuesOf('currency').includes(code);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Which optional operations this service has, from GET /openapi.json. */
export function useAccountOperations(): { edit: boolean; balance: boolean; priceList: boolean } {
  const [doc, setDoc] = useState<unknown>();
  useEffect(() => {
    const ctl = new AbortController();
    // Unread (an older service, a failure): the optional operations are not offered.
    callJson('/openapi.json', ctl.signal).then(setDoc, () => undefined);
    return () => ctl.abort();
  }, []);
  const has = (path: string, method: string) => {
    const paths = isRecord(doc) ? doc.paths : undefined;
    const ops = isRecord(paths) ? paths[path] : undefined;
    return isRecord(ops) && ops[method] !== undefined;
  };
  return {
    edit: has('/shippingaccount/{id}', 'patch'),
    balance: has('/shippingaccount/{id}/balance', 'get'),
    priceList: has('/shippingaccount/{id}/price-list', 'put'),
  };
}

/** Name and credentials; a credential left empty keeps its stored value (secrets are never shown). */
export function EditAccount({ a, meta, onSaved }: { a: Account; meta: CarrierMeta | undefined; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(a.name ?? '');
  const [auth, setAuth] = useState<Record<string, string>>({});
  const [billing, setBilling] = useState<AddressForm>(formOf(a.billing_address));
  const [units, setUnits] = useState<{ weight: WeightUnit | ''; dim: DimUnit | '' }>({
    weight: a.defaults.weight_units ?? '',
    dim: a.defaults.dim_units ?? '',
  });
  const act = useAction();
  const members = meta ? [...meta.auth.required, ...meta.auth.optional] : Object.keys(a.auth);
  const save = async (e: Event) => {
    e.preventDefault();
    const changed = Object.fromEntries(Object.entries(auth).filter(([, v]) => v !== ''));
    const address = clean(billing);
    // The billing address is where CSV batch rows ship from and returns go back to.
    const addressChanged =
      address.street1 !== undefined && JSON.stringify(address) !== JSON.stringify(clean(formOf(a.billing_address)));
    const defaults = {
      ...a.defaults,
      ...(units.weight ? { weight_units: units.weight } : {}),
      ...(units.dim ? { dim_units: units.dim } : {}),
    };
    const defaultsChanged = JSON.stringify(defaults) !== JSON.stringify(a.defaults);
    const body = {
      shipping_account: {
        ...(name !== (a.name ?? '') ? { name } : {}),
        ...(Object.keys(changed).length > 0 ? { auth: changed } : {}),
        ...(addressChanged ? { billing_address: address } : {}),
        ...(defaultsChanged ? { defaults } : {}),
      },
    };
    if (Object.keys(body.shipping_account).length === 0) return setOpen(false);
    if (await act.run(() => call('updateShippingAccount', { path: { id: a.id }, body }))) {
      setAuth({});
      setOpen(false);
      onSaved();
    }
  };
  if (!open) {
    return (
      <button type="button" class="quiet" onClick={() => setOpen(true)}>
        Edit account<span class="visually-hidden">{` ${a.name ?? a.id}`}</span>
      </button>
    );
  }
  return (
    <form class="stack edit" onSubmit={save} aria-label={`Edit ${a.name ?? a.id}`}>
      <Field label="Name" value={name} onValue={setName} />
      <AddressFields
        legend="Billing address (batch rows ship from it, returns go back to it)"
        value={billing}
        onChange={setBilling}
        required={false}
      />
      <div class="units">
        <Select
          label="Default weight unit"
          value={units.weight}
          onValue={(v) => setUnits({ ...units, weight: v })}
          blank="None"
          options={['LB', 'KG']}
        />
        <Select
          label="Default size unit"
          value={units.dim}
          onValue={(v) => setUnits({ ...units, dim: v })}
          blank="None"
          options={['IN', 'CM']}
        />
      </div>
      <fieldset>
        <legend>Credentials (leave empty to keep)</legend>
        <div class="row">
          {members.map((m) => (
            <Field
              key={m}
              label={words(m)}
              type={secretMember(m) ? 'password' : 'text'}
              autoComplete="off"
              value={auth[m] ?? ''}
              onValue={(v) => setAuth({ ...auth, [m]: v })}
            />
          ))}
        </div>
      </fieldset>
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Save
        </button>
        <button type="button" class="quiet" onClick={() => setOpen(false)}>
          Discard
        </button>
      </div>
    </form>
  );
}

/** The prepaid postage of carriers that have it, and buying more. */
export function PostageBalance({ a }: { a: Account }) {
  const loaded = useApi('getPostageBalance', { path: { id: a.id } });
  const [amount, setAmount] = useState('');
  const act = useIntent();
  const buy = useCan('billing.manage');
  // Carriers without prepaid postage answer carrier_unsupported_method: nothing to show for them.
  if (!loaded.data) return null;
  const b = loaded.data.balance;
  const currency = b.currency;
  const add = async (e: Event) => {
    e.preventDefault();
    // Funds are bought in the balance's currency; one the service does not sell in cannot be sent.
    if (!isCurrency(currency)) return act.setError(`Postage cannot be bought in ${currency} here.`);
    const body = { add_funds: { amount: Number(amount), currency } };
    if (await act.run(body, (idempotencyKey) => call('addPostage', { path: { id: a.id }, idempotencyKey, body }))) {
      setAmount('');
      loaded.reload();
    }
  };
  return (
    <form class="balance" onSubmit={add} aria-label={`Postage of ${a.name ?? a.id}`}>
      <p>
        Postage balance{' '}
        <strong>
          <Amount amount={b.amount} currency={b.currency} />
        </strong>
        {b.updated ? <span class="sub">as of {dateTime(b.updated)}</span> : null}
      </p>
      {buy ? (
        <div class="row-actions">
          <Field
            label={`Add postage (${b.currency})`}
            type="number"
            min="0.01"
            step="0.01"
            required
            value={amount}
            onValue={setAmount}
          />
          <button type="submit" disabled={act.busy}>
            Add funds
          </button>
        </div>
      ) : null}
      <ErrorNote>{act.error}</ErrorNote>
    </form>
  );
}
