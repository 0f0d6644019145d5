import { render } from 'preact';
import { useState } from 'preact/hooks';
import '../shared/base.css';
import './console.css';
import { KeyContext } from './context';
import { Accounts } from './pages/accounts';
import { BatchDetail, Batches } from './pages/batches';
import { BrandingPage } from './pages/branding';
import { Events } from './pages/events';
import { NewShipment } from './pages/new-shipment';
import { PickupDetail, Pickups } from './pages/pickups';
import { ReturnDetail, Returns } from './pages/returns';
import { ShipmentDetail } from './pages/shipment-detail';
import { Shipments } from './pages/shipments';
import { SignIn } from './pages/sign-in';
import { Webhooks } from './pages/webhooks';
import { BASE, Link, match, useLocation } from './router';
import { forgetKey, keepKey, storedKey } from './session';

const NAV: [string, string][] = [
  ['shipments', 'Shipments'],
  ['new', 'New shipment'],
  ['batches', 'Batches'],
  ['returns', 'Returns'],
  ['pickups', 'Pickups'],
  ['accounts', 'Accounts'],
  ['webhooks', 'Webhooks'],
  ['branding', 'Branding'],
  ['events', 'Events'],
];

function Page({ path }: { path: string }) {
  let p: Record<string, string> | null;
  if ((p = match(`${BASE}/shipments/:id`, path))) return <ShipmentDetail id={p.id!} />;
  if ((p = match(`${BASE}/returns/:id`, path))) return <ReturnDetail id={p.id!} />;
  if ((p = match(`${BASE}/batches/:id`, path))) return <BatchDetail id={p.id!} />;
  if ((p = match(`${BASE}/pickups/:id`, path))) return <PickupDetail id={p.id!} />;
  switch (path) {
    case `${BASE}/shipments`:
      return <Shipments />;
    case `${BASE}/new`:
      return <NewShipment />;
    case `${BASE}/batches`:
      return <Batches />;
    case `${BASE}/returns`:
      return <Returns />;
    case `${BASE}/pickups`:
      return <Pickups />;
    case `${BASE}/accounts`:
      return <Accounts />;
    case `${BASE}/webhooks`:
      return <Webhooks />;
    case `${BASE}/events`:
      return <Events />;
    case `${BASE}/branding`:
      return <BrandingPage />;
    default:
      return (
        <section>
          <h1>Page not found</h1>
          <p>
            Nothing lives at this address. <Link href={`${BASE}/shipments`}>Go to the shipments</Link>.
          </p>
        </section>
      );
  }
}

function App() {
  const [key, setKey] = useState(storedKey());
  const { path } = useLocation();
  if (!key) {
    return (
      <SignIn
        onSignedIn={(k) => {
          keepKey(k);
          setKey(k);
        }}
      />
    );
  }
  const signOut = () => {
    forgetKey();
    setKey(null);
  };
  return (
    <KeyContext.Provider value={key}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Waybill</span>
        <nav aria-label="Console">
          <ul>
            {NAV.map(([slug, text]) => {
              const href = `${BASE}/${slug}`;
              const current = path === href || path.startsWith(`${href}/`);
              return (
                <li key={slug}>
                  <Link href={href} aria-current={current ? 'page' : undefined}>
                    {text}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <button type="button" class="quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main">
        <Page key={path} path={path} />
      </main>
    </KeyContext.Provider>
  );
}

// The console's home is the shipments list; settled before the first render.
if (location.pathname.replace(/\/+$/, '') === BASE) history.replaceState(null, '', `${BASE}/shipments`);
render(<App />, document.getElementById('app')!);
