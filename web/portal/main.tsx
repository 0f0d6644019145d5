/** The returns portal: one order's lines, returned by its customer through a signed link on a phone. */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '../shared/base.css';
import '../shared/public.css';
import { callApi, isFailure, tokenFromPath, type Failure } from '../shared/public-api.js';
import { applyMerchant, MerchantHeader } from '../shared/merchant.js';
import { Done, LineChoice, MethodChoice, PastReturns, type Chosen, type Portal, type Made } from './parts.js';

const token = tokenFromPath('portal');
const oops: Failure = { status: 0, code: 'unexpected', text: 'Something went wrong. Please try again.' };

function App() {
  const [portal, setPortal] = useState<Portal>();
  const [loadFailure, setLoadFailure] = useState<Failure>();
  const [chosen, setChosen] = useState<Record<string, Chosen>>({});
  const [methodId, setMethodId] = useState<string>();
  const [pickupDate, setPickupDate] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  // One key per submission: repeated on a retry after no answer, renewed after any answer.
  const [submission, setSubmission] = useState(() => crypto.randomUUID());
  const [made, setMade] = useState<{ ret: Made }>();

  const load = async () => {
    try {
      const { portal: p } = await callApi('returns', 'getPortalPage', { path: { token } });
      applyMerchant(p.merchant, 'Return items');
      setPortal(p);
      setLoadFailure(undefined);
    } catch (e) {
      setLoadFailure(isFailure(e) ? e : oops);
    }
  };
  useEffect(() => void load(), []);
  // A choice the customer changes may fix what the message said: it goes until the next try.
  useEffect(() => setProblem(undefined), [chosen, methodId, pickupDate]);

  if (loadFailure) {
    return (
      <main class="page">
        <h1>Return items</h1>
        <p class="alert" role="alert">
          {loadFailure.text}
        </p>
      </main>
    );
  }
  if (!portal)
    return (
      <main class="page">
        <h1>Return items</h1>
        <p aria-live="polite">Loading…</p>
      </main>
    );

  const method = portal.return_methods.find((m) => m.id === methodId);
  const open = portal.lines.filter((l) => l.returnable > 0);

  const submit = async (e: Event) => {
    e.preventDefault();
    const lines = Object.entries(chosen).map(([line_id, c]) => ({ line_id, quantity: c.quantity, reason: c.reason }));
    if (lines.length === 0) return setProblem('Choose at least one item to return.');
    if (lines.some((l) => !l.reason)) return setProblem('Choose a reason for each item.');
    if (!method) return setProblem('Choose how to send the parcel.');
    if (method.type === 'pickup' && !pickupDate) return setProblem('Choose a pickup date.');
    setProblem(undefined);
    setSending(true);
    try {
      const body = {
        return: { return_method: method.id, lines, ...(method.type === 'pickup' ? { pickup_date: pickupDate } : {}) },
      };
      const res = await callApi('returns', 'createPortalReturn', {
        path: { token },
        body,
        idempotencyKey: submission,
      });
      setMade({ ret: res.return });
      setChosen({});
      setSubmission(crypto.randomUUID());
      await load();
    } catch (err) {
      const f = isFailure(err) ? err : oops;
      // An answer means this submission is over; without one, the same key asks again safely.
      if (f.status !== 0) setSubmission(crypto.randomUUID());
      setProblem(f.text);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <MerchantHeader merchant={portal.merchant} />
      <main class="page">
        <h1>
          Return items from order <span class="nowrap">{portal.order_id}</span>
        </h1>
        {made ? (
          <>
            <Done ret={made.ret} />
            {open.length > 0 ? (
              <p>
                <button type="button" class="wide" onClick={() => setMade(undefined)}>
                  Return other items
                </button>
              </p>
            ) : null}
          </>
        ) : null}
        {made ? null : open.length === 0 ? (
          <p class="card">Everything in this order has been returned.</p>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <fieldset>
              <legend>What are you returning?</legend>
              {portal.lines.map((l) => (
                <LineChoice
                  key={l.line_id}
                  line={l}
                  reasons={portal.reasons}
                  value={chosen[l.line_id]}
                  onChange={(v) =>
                    setChosen((c) => {
                      const next = { ...c };
                      if (v) next[l.line_id] = v;
                      else delete next[l.line_id];
                      return next;
                    })
                  }
                />
              ))}
            </fieldset>
            <MethodChoice
              methods={portal.return_methods}
              currency={portal.currency}
              methodId={methodId}
              pickupDate={pickupDate}
              onMethod={(id) => {
                setMethodId(id);
                setPickupDate(undefined);
              }}
              onPickupDate={setPickupDate}
            />
            {problem ? (
              <p class="alert" role="alert">
                {problem}
              </p>
            ) : null}
            <button type="submit" class="wide" disabled={sending}>
              {sending ? 'Creating return…' : 'Create return'}
            </button>
          </form>
        )}
        <PastReturns returns={portal.returns} />
        <p class="muted">This link works until {new Date(portal.expires).toLocaleDateString()}.</p>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
