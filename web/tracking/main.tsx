/** The public tracking page: opened by the signed tracking_url of a booking, no key, no login. */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '../shared/base.css';
import '../shared/public.css';
import { placeText, serviceWords, stageWords, wallTime } from '../shared/public-format.js';
import { callApi, isFailure, tokenFromPath, type Failure } from '../shared/public-api.js';
import { applyMerchant, MerchantHeader } from '../shared/merchant.js';
import type { Answer } from '../shared/api.js';

const token = tokenFromPath('tracking');

type Tracking = Answer<'getTrackingPage'>['tracking'];

function Journey({ t }: { t: Tracking }) {
  return (
    <>
      <section class="card" aria-labelledby="stage">
        <p class="muted">
          {t.carrier_name}
          {t.service ? ` · ${serviceWords(t.service, t.carrier)}` : ''}
        </p>
        <p class="stage" id="stage">
          {stageWords(t.tracking_stage)}
        </p>
        {t.delivered && t.delivery_date ? <p>Delivered {wallTime(t.delivery_date)}</p> : null}
        {!t.delivered && t.estimated_delivery ? (
          <p>Estimated delivery: {wallTime(t.estimated_delivery, false)}</p>
        ) : null}
        <p class="muted">Tracking number {t.tracking_number}</p>
      </section>
      <section class="card" aria-labelledby="history">
        <h2 id="history">Journey</h2>
        {t.checkpoints.length === 0 ? (
          <p>No scans yet: the carrier has not received the parcel.</p>
        ) : (
          <ol class="timeline">
            {t.checkpoints.map((c, i) => (
              <li key={i}>
                <div class="what">{c.description}</div>
                <div class="muted">
                  <time dateTime={c.time}>{wallTime(c.time)}</time>
                  {placeText(c.location) ? ` · ${placeText(c.location)}` : ''}
                </div>
              </li>
            ))}
          </ol>
        )}
        <p class="muted">Times are local to each place.</p>
      </section>
    </>
  );
}

function App() {
  const [tracking, setTracking] = useState<Tracking>();
  const [failure, setFailure] = useState<Failure>();
  const [loading, setLoading] = useState(true);

  const load = async () => {
    setLoading(true);
    try {
      const { tracking: t } = await callApi('tracking', 'getTrackingPage', { path: { token } });
      applyMerchant(t.merchant, 'Track your parcel');
      setTracking(t);
      setFailure(undefined);
    } catch (e) {
      setFailure(isFailure(e) ? e : { status: 0, code: 'unexpected', text: 'Something went wrong. Please try again.' });
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => void load(), []);

  const linkBroken = failure && (failure.status === 404 || failure.status === 410);
  return (
    <>
      <MerchantHeader merchant={tracking?.merchant} />
      <main class="page">
        <h1>Track your parcel</h1>
        {failure ? (
          <p class="alert" role="alert">
            {failure.text}
          </p>
        ) : null}
        {tracking ? <Journey t={tracking} /> : null}
        {loading && !tracking ? <p aria-live="polite">Loading…</p> : null}
        {!linkBroken && !loading ? (
          <button type="button" class="secondary wide" onClick={() => void load()}>
            Refresh
          </button>
        ) : null}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
