/** Sign in with an API key: checked against the API before it is kept in the tab. */
import { useState } from 'preact/hooks';
import { api, ApiFailure } from '../../shared/api';
import { ErrorNote, Field } from '../ui';

export function SignIn({ onSignedIn }: { onSignedIn: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const k = key.trim();
    if (!k) return setError('Enter the API key.');
    setBusy(true);
    setError(undefined);
    try {
      // Any authenticated read tells a good key from a wrong one.
      await api('/shippingaccount?limit=1', { key: k });
      onSignedIn(k);
    } catch (err) {
      setError(err instanceof ApiFailure && err.status === 401 ? 'That API key was not accepted. Check it and try again.' : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Waybill console</h1>
      <form onSubmit={submit} aria-describedby="sign-in-about">
        <p id="sign-in-about">Sign in with an API key. It is kept in this browser tab only and forgotten when you sign out or close the tab.</p>
        <Field
          label="API key"
          hint="No key yet? Whoever runs this service makes one in its checkout: npm run -s waybill -- keys create --tenant <your name> (the key is the last line)."
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={key}
          onValue={setKey}
          required
        />
        <ErrorNote>{error}</ErrorNote>
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
