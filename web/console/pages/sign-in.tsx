/**
 * Sign in with e-mail and password, or by single sign-on when the operator set it up. The session is
 * an HttpOnly cookie: nothing of it is kept where a script could read it.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure } from '../../shared/api';
import { call } from '../call';
import type { Me } from '../types';
import { ErrorNote, Field } from '../ui';

/** What single sign-on came back with, from the address it returned to (?sso=…), which is then tidied away. */
function ssoNote(): string | undefined {
  const result = new URLSearchParams(location.search).get('sso');
  if (result !== null) history.replaceState(null, '', location.pathname);
  if (result === 'no-user')
    return 'Single sign-on worked, but no user of this service has that e-mail address. Ask an admin to invite you.';
  if (result === 'failed') return 'Single sign-on did not complete. Try again, or sign in with your password.';
  return undefined;
}

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(ssoNote);
  const [busy, setBusy] = useState(false);
  const [sso, setSso] = useState(false);
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    call('getSignInMethods').then(
      (res) => {
        setSso(res.sso);
        setFresh(res.first_owner_needed === true);
      },
      () => setSso(false),
    );
  }, []);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn((await call('signIn', { body: { session: { email: email.trim(), password } } })).me);
    } catch (err) {
      const f = err instanceof ApiFailure ? err : undefined;
      setError(
        f?.code === 'sign_in_failed'
          ? 'That e-mail address and password were not accepted. Check them and try again.'
          : f?.code === 'rate_limited'
            ? 'Too many attempts. Wait a minute, then try again.'
            : (err as Error).message,
      );
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Waybill console</h1>
      {fresh ? (
        <section class="card first-owner" aria-labelledby="first-owner-h">
          <h2 id="first-owner-h">No one can sign in yet</h2>
          <p>
            This Waybill is new: it has no users, so there is no owner to invite you. Whoever runs the service makes the
            first owner on the server, where its database is:
          </p>
          <pre class="url">
            npm run -s waybill -- users create --tenant &lt;your team&gt; --email &lt;your address&gt; --role owner
            --with-password
          </pre>
          <p>
            It prints a password once: sign in below with that address and password, then invite the rest of the team
            from the Users page.
          </p>
        </section>
      ) : null}
      <form onSubmit={submit} aria-describedby="sign-in-about">
        <p id="sign-in-about">
          Sign in with the e-mail address you were invited with. No account yet? An owner or admin of your team invites
          you from the Users page.
        </p>
        <Field
          label="E-mail address"
          type="email"
          autoComplete="username"
          spellcheck={false}
          value={email}
          onValue={setEmail}
          required
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          required
        />
        <ErrorNote>{error}</ErrorNote>
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {sso ? (
        <p class="sso">
          <a class="button" href="/session/sso">
            Sign in with SSO
          </a>
        </p>
      ) : null}
    </main>
  );
}
