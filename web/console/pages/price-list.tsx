/**
 * An account's uploaded price list on its card: how many rows and when it was uploaded, its
 * download, and (for those who manage accounts) an upload that replaces it and its removal, each
 * asked first. An account without one rates as its carrier does (a carrier without a rating API
 * from its published list).
 */
import { useEffect, useState } from 'preact/hooks';
import { call } from '../call';
import { ApiFailure } from '../../shared/api';
import { counted, dateTime } from '../../shared/format';
import type { Account, PriceList as Summary } from '../types';
import { Confirm, ErrorNote, useAction } from '../ui';
import { useCan } from '../context';
import { saveFile } from '../label';

export function PriceList({ a }: { a: Account }) {
  const path = { id: a.id };
  // undefined: loading; null: the account has none.
  const [list, setList] = useState<Summary | null>();
  const [round, setRound] = useState(0);
  const [file, setFile] = useState<File>();
  const [asking, setAsking] = useState(false);
  const act = useAction();
  const manage = useCan('accounts.manage');
  useEffect(() => {
    const ctl = new AbortController();
    call('getPriceList', { path, signal: ctl.signal })
      .then((res) => setList(res.price_list))
      .catch((err: Error) => {
        if (err instanceof ApiFailure && err.status === 404) setList(null);
        else if (err.name !== 'AbortError') act.setError(err.message);
      });
    return () => ctl.abort();
  }, [a.id, round]);
  const upload = async () => {
    if (!file) return;
    const done = await act.run(async () =>
      call('uploadPriceList', { path, body: await file.text(), contentType: 'text/csv' }),
    );
    setAsking(false);
    if (done) {
      setFile(undefined);
      setRound((n) => n + 1);
    }
  };
  const inputId = `price-list-${a.id}`;
  return (
    <div class="price-list" aria-label={`Price list of ${a.name ?? a.id}`} role="group">
      <p>
        <strong>Price list: </strong>
        {list === undefined
          ? 'loading…'
          : list === null
            ? 'none uploaded; rates come from the carrier'
            : `${counted(list.row_count, 'row')}, uploaded ${dateTime(list.uploaded_at)}`}
      </p>
      <div class="row-actions">
        {list ? (
          <button
            type="button"
            class="quiet"
            onClick={() =>
              act.run(() =>
                saveFile(`/shippingaccount/${encodeURIComponent(a.id)}/price-list/csv`, `price-list-${a.id}.csv`),
              )
            }
          >
            Download CSV
          </button>
        ) : null}
        {manage && list ? (
          <Confirm
            label="Remove price list"
            question={`Remove the price list of account ${a.id}? Its rates then come from the carrier again.`}
            yes="Yes, remove it"
            onConfirm={async () => {
              await call('deletePriceList', { path });
              setRound((n) => n + 1);
              return true;
            }}
          />
        ) : null}
      </div>
      {manage ? (
        <div class="stack">
          <label for={inputId}>{list ? 'Replace with a CSV file' : 'Upload a CSV file'}</label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0])}
          />
          {asking && list ? (
            <div class="confirm" role="group" aria-label="Replace the price list?">
              <p>{`Replace the ${counted(list.row_count, 'row')} uploaded ${dateTime(list.uploaded_at)} with ${file?.name ?? 'the file'}?`}</p>
              <button type="button" class="danger" disabled={act.busy} onClick={upload}>
                Yes, replace it
              </button>
              <button type="button" class="quiet" onClick={() => setAsking(false)}>
                Keep it
              </button>
            </div>
          ) : (
            <button type="button" disabled={!file || act.busy} onClick={() => (list ? setAsking(true) : upload())}>
              {list ? 'Replace price list' : 'Upload price list'}
            </button>
          )}
        </div>
      ) : null}
      <ErrorNote>{act.error}</ErrorNote>
    </div>
  );
}
