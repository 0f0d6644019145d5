/**
 * The CSV upload form of the Batches page: the file, and what its rows share (account, service,
 * packaging, units, label type) as the query parameters of POST /batches with content-type text/csv.
 */
import { useState } from 'preact/hooks';
import { filled } from '../../shared/api';
import { call } from '../call';
import { useIntent } from '../intent';
import { labelTypeName, namedOptions } from '../names';
import { BASE, navigate } from '../router';
import type { Account, CarrierMeta, DimUnit, QueryParams, WeightUnit } from '../types';
import { ErrorNote, Field, Select, useApi } from '../ui';
import { accountName, accountOptions } from '../names';
import { useCarrierNames } from '../display';
import { ServiceSelect } from '../services';
import { PreviewQuestion, type Preview } from './batch-preview';

/** The units the API takes: offering OZ or G would only be refused. */
const WEIGHT_UNITS: WeightUnit[] = ['LB', 'KG'];
const DIM_UNITS: DimUnit[] = ['IN', 'CM'];

/** What the rows share, as the query of POST /batches names it ('' for a value left to the account). */
type Shared = Required<
  Pick<QueryParams<'createBatch'>, 'service' | 'packaging' | 'weight_units' | 'dim_units' | 'label_type'>
>;

/** The shared values a newly chosen account suggests: its defaults, else the common choices. */
function suggested(a: Account | undefined, meta: CarrierMeta | undefined): Shared {
  const d = a?.defaults ?? {};
  const packaging =
    d.packaging_type ??
    (meta?.packaging_types.includes('your_packaging') ? 'your_packaging' : (meta?.packaging_types[0] ?? ''));
  return {
    service: d.service ?? '',
    packaging,
    weight_units: d.weight_units ?? a?.weight_units ?? 'LB',
    dim_units: d.dim_units ?? a?.dim_units ?? 'IN',
    label_type: d.label_type ?? '',
  };
}

export function BatchUpload() {
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const carriers = useApi('listCarriers');
  const [account, setAccount] = useState('');
  const [shared, setShared] = useState<Shared>(suggested(undefined, undefined));
  const [file, setFile] = useState<File>();
  const [name, setName] = useState('');
  const act = useIntent();
  const carrierName = useCarrierNames();
  const list = accounts.data?.shipping_accounts ?? [];
  const metaOf = (id: string) => carriers.data?.carriers.find((c) => c.slug === list.find((a) => a.id === id)?.carrier);
  const chosen = list.find((a) => a.id === account);
  const meta = metaOf(account);
  const chooseAccount = (id: string) => {
    setAccount(id);
    setPreview(undefined);
    setShared(
      suggested(
        list.find((a) => a.id === id),
        metaOf(id),
      ),
    );
  };
  const set =
    <K extends keyof Shared>(k: K) =>
    (v: Shared[K]) =>
      setShared({ ...shared, [k]: v });
  const noSender = chosen !== undefined && !chosen.billing_address;
  // What the upload will book and cost, shown before anything is booked: the file priced by the
  // service (POST /batches/preview, which books nothing), its refused rows with their reasons.
  const [preview, setPreview] = useState<Preview>();
  const pricing = useIntent();
  const batchQuery = () => filled({ shipping_account: account, ...shared, reference: name.trim() });
  const ask = async (e: Event) => {
    e.preventDefault();
    if (!file) return act.setError('Choose a CSV file.');
    act.setError(undefined);
    const res = await pricing.run({ account, shared, file: [file.name, file.size, file.lastModified] }, async () =>
      call('previewBatch', { query: batchQuery(), body: await file.text(), contentType: 'text/csv' }),
    );
    if (res) setPreview(res.preview);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!file) return act.setError('Choose a CSV file.');
    // The file's identity and the shared values are the intent: the same upload again is one batch.
    const intent = { account, shared, name, file: [file.name, file.size, file.lastModified] };
    const res = await act.run(intent, async (idempotencyKey) =>
      call('createBatch', {
        query: batchQuery(),
        idempotencyKey,
        body: await file.text(),
        contentType: 'text/csv',
      }),
    );
    if (res) navigate(`${BASE}/batches/${encodeURIComponent(res.batch.id)}`);
  };
  const pick = blankUntilChosen(chosen !== undefined);
  return (
    <form class="card stack" onSubmit={preview === undefined ? ask : submit} aria-labelledby="upload-h">
      <h2 id="upload-h">Upload a CSV</h2>
      <p class="sub">
        One shipment per row; the header row names the columns (reference, recipient_name, recipient_street1,
        recipient_city, recipient_postal_code, recipient_country, weight…). Every row ships from the account’s billing
        address.
      </p>
      <div class="row">
        <div class="field">
          <label for="csv-file">CSV file</label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(e) => {
              setFile((e.currentTarget as HTMLInputElement).files?.[0]);
              setPreview(undefined);
            }}
          />
        </div>
        <Field label="Batch name" hint="Optional, e.g. Monday wave" value={name} onValue={setName} />
        <Select
          label="Shipping account"
          value={account}
          onValue={chooseAccount}
          blank="Choose an account"
          required
          options={accountOptions(list, carrierName)}
        />
        <ServiceSelect
          label="Service"
          value={shared.service}
          onValue={set('service')}
          blank={pick('Choose a service')}
          required
          carriers={meta ? [meta] : []}
        />
        <Select
          label="Packaging"
          value={shared.packaging}
          onValue={set('packaging')}
          blank={pick('Choose a packaging')}
          required
          options={namedOptions(meta?.packaging_types ?? [], meta?.slug)}
        />
        <Select
          label="Label type"
          value={shared.label_type}
          onValue={set('label_type')}
          blank="Carrier default"
          options={[...(meta?.label_types ?? [])].sort().map((t) => [t, labelTypeName(t)] as const)}
        />
        <div class="units">
          <Select
            label="Weight unit"
            value={shared.weight_units}
            onValue={set('weight_units')}
            options={WEIGHT_UNITS}
          />
          <Select label="Size unit" value={shared.dim_units} onValue={set('dim_units')} options={DIM_UNITS} />
        </div>
      </div>
      {noSender ? (
        <p class="note note-error">
          This account has no billing address, which every row ships from: give it one with Edit account on the Accounts
          page before uploading.
        </p>
      ) : null}
      <ErrorNote>{act.error}</ErrorNote>
      <ErrorNote>{pricing.error}</ErrorNote>
      {preview !== undefined ? (
        <PreviewQuestion
          preview={preview}
          account={chosen ? accountName(chosen, carrierName) : 'this account'}
          busy={act.busy || noSender}
          onNo={() => setPreview(undefined)}
        />
      ) : (
        <div class="actions">
          <button type="submit" disabled={act.busy || pricing.busy || noSender}>
            {pricing.busy ? 'Pricing the rows…' : 'Upload'}
          </button>
        </div>
      )}
    </form>
  );
}

/** The empty choice of a select that lists the chosen account's catalog. */
function blankUntilChosen(chosen: boolean) {
  return (text: string) => (chosen ? text : 'Choose an account first');
}
