/** The returns portal: one order's lines, returned by its customer through a signed link on a phone. */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '../shared/base.css';
import '../shared/public.css';
import { callApi, isFailure, type Failure } from '../shared/public-api.js';
import { applyMerchant, MerchantHeader } from '../shared/merchant.js';
import { Done, PastReturns, type Portal, type Made } from './parts.js';
import { oops, ReturnForm, token, useReturnForm } from './return-form.js';

function App() {
  const [portal, setPortal] = useState<Portal>();
  const [loadFailure, setLoadFailure] = useState<Failure>();
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
  const f = useReturnForm(async (ret) => {
    setMade({ ret });
    await load();
  });

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

  const open = portal.lines.filter((l) => l.returnable > 0);

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
          <ReturnForm portal={portal} f={f} />
        )}
        <PastReturns returns={portal.returns} />
        <p class="muted">This link works until {new Date(portal.expires).toLocaleDateString()}.</p>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
