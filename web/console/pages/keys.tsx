/**
 * API keys for programs: make one with a name, a scope and an optional expiry (the key is shown
 * once, here), see when each was made, by whom and last used, and revoke it.
 */
import { useState } from 'preact/hooks';
import { dateTime } from '../../shared/format';
import { call } from '../call';
import { CopyField } from '../copy';
import type { Key, KeyScope, MadeKey } from '../types';
import { useCan } from '../context';
import { Confirm, ErrorNote, Field, ListTable, PageHeading, Select, useAction, useApi } from '../ui';

const SCOPES: [KeyScope, string][] = [
  ['read', 'read: reads only'],
  ['ship', 'ship: reads and ships'],
  ['admin', 'admin: also settings, users'],
];

/** The key as authentication sees it (the API's status): a key whose maker left works no more. */
function state(k: Key): { text: string; tone: string; revocable: boolean; why?: string } {
  if (k.status === 'revoked' || k.revoked)
    // The date beside the badge, not in it: a badge does not wrap, and a phone's column is narrow.
    return { text: 'revoked', why: dateTime(k.revoked), tone: 'badge-muted', revocable: false };
  if (k.status === 'expired') return { text: 'expired', tone: 'badge-muted', revocable: false };
  if (k.status === 'maker_removed')
    return { text: 'refused', why: 'the user who made it was removed', tone: 'badge-bad', revocable: true };
  if (k.status === 'maker_disabled')
    return { text: 'refused', why: 'the user who made it is disabled', tone: 'badge-bad', revocable: true };
  return { text: 'active', tone: 'badge-ok', revocable: true };
}

function NewKey({ onMade }: { onMade: (k: MadeKey) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<KeyScope>('read');
  const [expires, setExpires] = useState('');
  const act = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const body = { key: { name: name.trim(), scope, ...(expires ? { expires_at: `${expires}T00:00:00Z` } : {}) } };
    const res = await act.run(() => call('createKey', { body }));
    if (res) {
      setName('');
      setExpires('');
      onMade(res.key);
    }
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="new-key-h">
      <h2 id="new-key-h">Make a key</h2>
      <div class="row">
        <Field
          label="Name"
          required
          maxLength={200}
          value={name}
          onValue={setName}
          hint="What it is for, e.g. the order system"
        />
        <Select label="Scope" value={scope} onValue={setScope} options={SCOPES} />
        <Field
          label="Expires on"
          type="date"
          value={expires}
          onValue={setExpires}
          hint="Optional: it stops working at the start of this day (UTC)"
        />
      </div>
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Make key
        </button>
      </div>
    </form>
  );
}

/**
 * Who made each key, as a person reads it: a user's e-mail address, or the name of the key that
 * made it. A removed user's address is no longer in the keys list: the audit log recorded it when
 * the key was made (read where the role may read it), else the maker is "a removed user".
 */
function useMakers(keys: Key[] | undefined): (k: Key) => string | undefined {
  const gone = keys?.some((k) => k.created_by?.kind === 'user' && !k.created_by.email) ?? false;
  const audit = useApi(
    'listAudit',
    useCan('audit.read') && gone ? { query: { action: 'key.created', pageSize: 500 } } : null,
  );
  const recorded = new Map((audit.data ?? []).map((e) => [e.resource.id, e.actor.email] as const));
  const names = new Map((keys ?? []).map((k) => [k.id, k.name ?? `${k.prefix}…`] as const));
  return (k) => {
    const by = k.created_by;
    if (!by) return undefined;
    if (by.kind === 'key') return names.has(by.id) ? `key “${names.get(by.id)}”` : 'another key';
    return by.email ?? recorded.get(k.id) ?? 'a removed user';
  };
}

export function Keys() {
  const list = useApi('listKeys');
  const makerOf = useMakers(list.data?.keys);
  const [made, setMade] = useState<MadeKey>();
  const rows = { ...list, data: list.data?.keys };
  return (
    <section>
      <PageHeading>API keys</PageHeading>
      {made?.key ? (
        <div class="card note-ok" role="status">
          <CopyField
            label={`The key “${made.name ?? made.id}”`}
            value={made.key}
            hint="Shown only now: copy it into the program that uses it. Only a hash of it is kept."
          />
        </div>
      ) : null}
      <ListTable
        loaded={rows}
        caption="API keys, oldest first"
        rowKey={(k) => k.id}
        columns={[
          {
            head: 'Key',
            cell: (k) => (
              <>
                {k.name ?? '—'}
                <span class="sub">
                  <code>{k.prefix}…</code>
                </span>
              </>
            ),
          },
          { head: 'Scope', cell: (k) => k.scope },
          {
            head: 'Made',
            cell: (k) => (
              <>
                {dateTime(k.created)}
                {k.created_by ? <span class="sub">by {makerOf(k)}</span> : null}
              </>
            ),
          },
          { head: 'Last used', cell: (k) => (k.last_used ? dateTime(k.last_used) : 'never') },
          { head: 'Expires', cell: (k) => (k.expires ? dateTime(k.expires) : 'never') },
          {
            head: 'State',
            cell: (k) => {
              const s = state(k);
              return (
                <>
                  <span class={`badge ${s.tone}`}>{s.text}</span>
                  {s.why ? <span class="sub">{s.why}</span> : null}
                  {s.revocable ? (
                    <Confirm
                      label="Revoke"
                      name={`Revoke ${k.name ?? k.prefix}`}
                      question={`Revoke the key ${k.name ?? k.prefix}? Programs using it are refused within 5 seconds.`}
                      yes="Yes, revoke"
                      onConfirm={async () => {
                        await call('revokeKey', { path: { id: k.id } });
                        list.reload();
                        return true;
                      }}
                    />
                  ) : null}
                </>
              );
            },
          },
        ]}
      />
      <NewKey
        onMade={(k) => {
          setMade(k);
          list.reload();
        }}
      />
    </section>
  );
}
