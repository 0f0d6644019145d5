import { render, type ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import '../shared/base.css';
import './console.css';
import { call } from './call';
import { MeContext, useCan } from './context';
import { AcceptInvitation } from './pages/accept';
import { Accounts } from './pages/accounts';
import { BatchDetail, Batches } from './pages/batches';
import { BrandingPage } from './pages/branding';
import { Events } from './pages/events';
import { Audit } from './pages/audit';
import { Keys } from './pages/keys';
import { NewShipment } from './pages/new-shipment';
import { PickupDetail, Pickups } from './pages/pickups';
import { ReturnDetail, Returns } from './pages/returns';
import { ShipmentDetail } from './pages/shipment-detail';
import { Shipments } from './pages/shipments';
import { SignIn } from './pages/sign-in';
import { Users } from './pages/users';
import { Webhooks } from './pages/webhooks';
import { BASE, Link, match, useLocation } from './router';
import { loadMe } from './call';
import { onMe, setMe } from './session';
import type { Me, Permission } from './types';

/** The pages, each shown to those who hold its permission. */
const NAV: [slug: string, text: string, permission: Permission][] = [
  ['shipments', 'Shipments', 'data.read'],
  ['new', 'New shipment', 'shipments.rate'],
  ['batches', 'Batches', 'data.read'],
  ['returns', 'Returns', 'data.read'],
  ['pickups', 'Pickups', 'data.read'],
  ['accounts', 'Accounts', 'data.read'],
  ['webhooks', 'Webhooks', 'data.read'],
  ['branding', 'Branding', 'accounts.manage'],
  ['events', 'Events', 'data.read'],
  ['users', 'Users', 'users.manage'],
  ['keys', 'API keys', 'keys.manage'],
  ['audit', 'Audit', 'audit.read'],
];

/** A page the user may not see says so (a typed address, an old bookmark); the API would refuse it too. */
function Allowed({ permission, children }: { permission: Permission; children: ComponentChildren }) {
  if (useCan(permission)) return <>{children}</>;
  return (
    <section>
      <h1>Not for your role</h1>
      <p>Your role cannot open this page. An owner or admin of your team can change your role.</p>
    </section>
  );
}

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
      return (
        <Allowed permission="shipments.rate">
          <NewShipment />
        </Allowed>
      );
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
      return (
        <Allowed permission="accounts.manage">
          <BrandingPage />
        </Allowed>
      );
    case `${BASE}/users`:
      return (
        <Allowed permission="users.manage">
          <Users />
        </Allowed>
      );
    case `${BASE}/keys`:
      return (
        <Allowed permission="keys.manage">
          <Keys />
        </Allowed>
      );
    case `${BASE}/audit`:
      return (
        <Allowed permission="audit.read">
          <Audit />
        </Allowed>
      );
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
  // undefined while the service is asked who the cookie signs in; null when no one.
  const [me, setMeState] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    const off = onMe(setMeState);
    void loadMe();
    return off;
  }, []);
  const { path } = useLocation();
  if (path === `${BASE}/accept`) return <AcceptInvitation onSignedIn={setMe} />;
  if (me === undefined) {
    return (
      <main id="main" class="sign-in">
        <p class="note" role="status">
          Loading…
        </p>
      </main>
    );
  }
  if (me === null) return <SignIn onSignedIn={setMe} />;
  const signOut = async () => {
    try {
      await call('signOut');
    } finally {
      setMe(null);
    }
  };
  const who = me.user ? `${me.user.name ?? me.user.email} · ${me.role}` : `${me.tenant} · ${me.scope ?? me.actor.kind}`;
  return (
    <MeContext.Provider value={me}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Waybill</span>
        <nav aria-label="Console">
          <ul>
            {NAV.filter(([, , permission]) => me.permissions.includes(permission)).map(([slug, text]) => {
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
        <div class="account">
          <span class="who" title={who}>
            {who}
          </span>
          <button type="button" class="quiet" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">
        <Page key={path} path={path} />
      </main>
    </MeContext.Provider>
  );
}

// The console's home is the shipments list; settled before the first render.
if (location.pathname.replace(/\/+$/, '') === BASE)
  history.replaceState(null, '', `${BASE}/shipments${location.search}`);
render(<App />, document.getElementById('app')!);
