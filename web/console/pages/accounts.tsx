/**
 * Shipping accounts: the list (secrets come masked from the API and are shown only as masked), adding
 * one with the carrier's own credential form from GET /meta/carriers, checking credentials, deleting.
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { dateTime } from '../../shared/format';
import type { Account, AddressForm, CarrierMeta } from '../types';
import { AddressFields, blankAddress, clean } from './address-fields';
import { Confirm, ErrorNote, Field, PageHeading, Select, Status, useAction, useApi } from '../ui';
import { EditAccount, PostageBalance, secretMember, useAccountOperations, words } from './account-extras';
import { useCan } from '../context';
import { PriceList } from './price-list';

function AddAccount({ carriers, onAdded }: { carriers: CarrierMeta[]; onAdded: () => void }) {
  const [carrier, setCarrier] = useState<CarrierMeta['slug'] | ''>('');
  const [country, setCountry] = useState('US');
  const [name, setName] = useState('');
  const [test, setTest] = useState(false);
  const [auth, setAuth] = useState<Record<string, string>>({});
  const [billing, setBilling] = useState<AddressForm>(blankAddress);
  const act = useAction();
  const meta = carriers.find((c) => c.slug === carrier);
  const address = clean(billing);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!meta) return act.setError('Choose a carrier.');
    // A test account books with the service's test credentials: the fields are hidden, and not sent.
    const filled = test
      ? {}
      : Object.fromEntries(
          Object.entries(auth).filter(
            ([k, v]) => v !== '' && (meta.auth.required.includes(k) || meta.auth.optional.includes(k)),
          ),
        );
    const billed = address.street1 !== undefined;
    const body = {
      shipping_account: {
        carrier: meta.slug,
        country: country.toUpperCase(),
        test,
        ...(name ? { name } : {}),
        ...(!test ? { auth: filled } : {}),
        ...(billed ? { billing_address: { ...address, country: address.country || country.toUpperCase() } } : {}),
      },
    };
    const ok = await act.run(() => call('createShippingAccount', { body }));
    if (ok) {
      setAuth({});
      setName('');
      setBilling(blankAddress);
      onAdded();
    }
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="add-h">
      <h2 id="add-h">Add an account</h2>
      <div class="row">
        <Select
          label="Carrier"
          value={carrier}
          onValue={setCarrier}
          blank="Choose a carrier"
          required
          options={carriers.map((c) => [c.slug, c.name] as const)}
        />
        <Field
          label="Country (2 letters)"
          value={country}
          onValue={setCountry}
          required
          maxLength={2}
          pattern="[A-Za-z]{2}"
        />
        <Field label="Name" value={name} onValue={setName} hint="Optional, to tell accounts apart" />
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={test}
          onChange={(e) => setTest((e.currentTarget as HTMLInputElement).checked)}
        />
        Test account (without credentials: the service's test credentials for the carrier)
      </label>
      {meta && !test ? (
        <fieldset>
          <legend>{meta.name} credentials</legend>
          <div class="row">
            {[...meta.auth.required, ...meta.auth.optional].map((m) => (
              <Field
                key={m}
                label={`${words(m)}${meta.auth.required.includes(m) ? '' : ' (optional)'}`}
                type={secretMember(m) ? 'password' : 'text'}
                autoComplete="off"
                required={meta.auth.required.includes(m) && !test}
                value={auth[m] ?? ''}
                onValue={(v) => setAuth({ ...auth, [m]: v })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <AddressFields
        legend="Billing address (batch rows ship from it, returns go back to it; a pickup return method needs it)"
        value={billing}
        onChange={setBilling}
        required={false}
      />
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Add account
        </button>
      </div>
    </form>
  );
}

function AccountCard({
  a,
  meta,
  ops,
  onChanged,
}: {
  a: Account;
  meta: CarrierMeta | undefined;
  ops: { edit: boolean; balance: boolean; priceList: boolean };
  onChanged: () => void;
}) {
  const check = useAction();
  const manage = useCan('accounts.manage');
  const [verdict, setVerdict] = useState<{ valid: boolean; message: string }>();
  const validate = async () => {
    setVerdict(undefined);
    const res = await check.run(() =>
      call('validateCredentials', {
        body: { validate_credentials: { shipping_account: a.id } },
      }),
    );
    if (res) setVerdict(res);
  };
  return (
    <li class="card">
      <h2>
        {a.name ?? meta?.name ?? a.carrier}{' '}
        <span class="sub">{`${meta?.name ?? a.carrier} · ${a.country}${a.test ? ' · test' : ''}`}</span>
      </h2>
      <dl class="facts">
        <div>
          <dt>Account</dt>
          <dd>{a.id}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{dateTime(a.created)}</dd>
        </div>
        <div>
          <dt>Billing address</dt>
          <dd>
            {a.billing_address
              ? [
                  a.billing_address.name,
                  a.billing_address.street1,
                  a.billing_address.city,
                  a.billing_address.state,
                  a.billing_address.postal_code,
                  a.billing_address.country,
                ]
                  .filter(Boolean)
                  .join(', ')
              : 'None: returns and batch rows need one (Edit account)'}
          </dd>
        </div>
        {a.parent_shipping_account ? (
          <div>
            <dt>Inherits from</dt>
            <dd>{a.parent_shipping_account}</dd>
          </div>
        ) : null}
        {Object.entries(a.auth).map(([k, v]) => (
          <div key={k}>
            <dt>{words(k)}</dt>
            {/* The API masks secret members ("****" + last 4); nothing here can reveal them. */}
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {ops.balance && meta?.prepaid_postage ? <PostageBalance a={a} /> : null}
      {ops.priceList ? <PriceList a={a} /> : null}
      <div class="row-actions">
        {manage && ops.edit ? <EditAccount a={a} meta={meta} onSaved={onChanged} /> : null}
        {manage && meta?.operations.includes('validate_credentials') ? (
          <button type="button" class="quiet" disabled={check.busy} onClick={validate}>
            Validate credentials
          </button>
        ) : null}
        {manage ? (
          <Confirm
            label="Delete account"
            question={`Delete account ${a.id}? Shipments booked with it stay readable.`}
            yes="Yes, delete the account"
            onConfirm={async () => {
              await call('deleteShippingAccount', { path: { id: a.id } });
              onChanged();
              return true;
            }}
          />
        ) : null}
      </div>
      <div aria-live="polite">
        {verdict ? (
          <p
            class={`note ${verdict.valid ? 'note-ok' : 'note-error'}`}
          >{`${verdict.valid ? 'Accepted' : 'Refused'}: ${verdict.message}`}</p>
        ) : null}
        <ErrorNote>{check.error}</ErrorNote>
      </div>
    </li>
  );
}

export function Accounts() {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carriers = useApi('listCarriers');
  const list = accounts.data?.shipping_accounts;
  const ops = useAccountOperations();
  const manage = useCan('accounts.manage');
  return (
    <section>
      <PageHeading>Shipping accounts</PageHeading>
      <Status loaded={accounts} empty={list?.length === 0} />
      {list && list.length > 0 ? (
        <ul class="cards cards-grid">
          {list.map((a) => (
            <AccountCard
              key={a.id}
              a={a}
              ops={ops}
              meta={carriers.data?.carriers.find((c) => c.slug === a.carrier)}
              onChanged={accounts.reload}
            />
          ))}
        </ul>
      ) : null}
      {!manage ? null : carriers.data ? (
        <AddAccount carriers={carriers.data.carriers} onAdded={accounts.reload} />
      ) : (
        <Status loaded={carriers} />
      )}
    </section>
  );
}
