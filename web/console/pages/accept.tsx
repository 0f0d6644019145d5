/**
 * Accepting an invitation: the link's token is after # (no server, log or Referer sees it); the
 * person chooses a password, and is signed in.
 */
import { useState } from 'preact/hooks';
import { ApiFailure } from '../../shared/api';
import { call } from '../call';
import type { Me } from '../types';
import { ErrorNote, Field } from '../ui';

export function AcceptInvitation({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const token = decodeURIComponent(location.hash.slice(1));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (password !== again) return setError('The two passwords differ. Type the same password twice.');
    setBusy(true);
    setError(undefined);
    try {
      const me = (
        await call('acceptInvitation', {
          body: { invitation: { token, password, ...(name.trim() ? { name: name.trim() } : {}) } },
        })
      ).me;
      // The token leaves the address bar once used.
      history.replaceState(null, '', '/console/shipments');
      onSignedIn(me);
    } catch (err) {
      const f = err instanceof ApiFailure ? err : undefined;
      setError(
        f?.status === 410
          ? `${f.message}.`
          : f?.code === 'not_found'
            ? 'This invitation link is not valid any more: check that you opened the whole link, or ask for a new one.'
            : (err as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Join your team on Waybill</h1>
      {token ? (
        <form onSubmit={submit} aria-describedby="accept-about">
          <p id="accept-about">
            Choose the password you will sign in with (10 characters or more). The invitation works once.
          </p>
          <Field
            label="Your name"
            autoComplete="name"
            value={name}
            onValue={setName}
            hint="Optional: how your team sees you"
          />
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            minLength={10}
            maxLength={200}
            value={password}
            onValue={setPassword}
            required
          />
          <Field
            label="Password again"
            type="password"
            autoComplete="new-password"
            minLength={10}
            maxLength={200}
            value={again}
            onValue={setAgain}
            required
          />
          <ErrorNote>{error}</ErrorNote>
          <button type="submit" disabled={busy}>
            {busy ? 'Joining…' : 'Join and sign in'}
          </button>
        </form>
      ) : (
        <p class="note note-error">This page opens from an invitation link. Open the whole link you were sent.</p>
      )}
    </main>
  );
}
