/**
 * The CSV upload form of the Batches page: the file, and what its rows share (account, service,
 * packaging, units, label type) as the query parameters of POST /batches with content-type text/csv.
 */
import { useState } from 'preact/hooks';
import { filled } from '../../shared/api';
import { call } from '../call';
import { useIntent } from '../intent';
import { BASE, navigate } from '../router';
import { ErrorNote, Field, Select, useApi } from '../ui';
import { accountName, accountOptions } from '../names';
import { useCarrierNames } from '../display';
import { PreviewQuestion, type Preview } from './batch-preview';
import { CsvFileField, SharedFields, suggested, type Shared } from './batch-shared';

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
  return (
    <form class="card stack" onSubmit={preview === undefined ? ask : submit} aria-labelledby="upload-h">
      <h2 id="upload-h">Upload a CSV</h2>
      <p class="sub">
        One shipment per row; the header row names the columns (reference, recipient_name, recipient_street1,
        recipient_city, recipient_postal_code, recipient_country, weight…). Every row ships from the account’s billing
        address.
      </p>
      <div class="row">
        <CsvFileField
          onFile={(f) => {
            setFile(f);
            setPreview(undefined);
          }}
        />
        <Field label="Batch name" hint="Optional, e.g. Monday wave" value={name} onValue={setName} />
        <Select
          label="Shipping account"
          value={account}
          onValue={chooseAccount}
          blank="Choose an account"
          required
          options={accountOptions(list, carrierName)}
        />
        <SharedFields shared={shared} onShared={setShared} meta={meta} chosen={chosen !== undefined} />
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
