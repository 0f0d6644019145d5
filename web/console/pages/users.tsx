/**
 * The team: invite a person with a role (the link to copy and hand on), change roles, disable or
 * remove. Owners are changed only by owners: their rows have no controls for anyone else.
 */
import { useId, useState } from 'preact/hooks';
import { dateTime } from '../../shared/format';
import { call } from '../call';
import { useCan, useMe } from '../context';
import { CopyField } from '../copy';
import { ROLES, type Body, type Invited, type Role, type User } from '../types';
import { Confirm, ErrorNote, Field, ListTable, PageHeading, Select, useAction, useApi } from '../ui';

const ROLE_TEXT: Record<Role, string> = {
  owner: 'Owner: everything, billing and owners too',
  admin: 'Admin: accounts, webhooks, API keys, users below owner',
  shipper: 'Shipper: rate, ship, batches, pickups, returns, cancel',
  viewer: 'Viewer: reads only',
};

function Invite({ roles, onInvited }: { roles: readonly Role[]; onInvited: (i: Invited) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('shipper');
  const act = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await act.run(() =>
      call('inviteUser', {
        body: { invitation: { email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) } },
      }),
    );
    if (res) {
      setEmail('');
      setName('');
      onInvited(res);
    }
  };
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="invite-h">
      <h2 id="invite-h">Invite a person</h2>
      <div class="row">
        <Field label="E-mail address" type="email" required value={email} onValue={setEmail} />
        <Field label="Name (optional)" value={name} onValue={setName} />
        <Select label="Role" value={role} onValue={setRole} options={roles.map((r) => [r, ROLE_TEXT[r]] as const)} />
      </div>
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy}>
          Invite
        </button>
      </div>
    </form>
  );
}

function Controls({
  u,
  roles,
  self,
  onChanged,
  onInvited,
}: {
  u: User;
  roles: readonly Role[];
  self: boolean;
  onChanged: () => void;
  onInvited: (i: Invited) => void;
}) {
  const act = useAction();
  const id = useId();
  const patch = async (change: Body<'updateUser'>['user']) => {
    if (await act.run(() => call('updateUser', { path: { id: u.id }, body: { user: change } }))) onChanged();
  };
  const newLink = async () => {
    const res = await act.run(() => call('inviteUser', { body: { invitation: { email: u.email, role: u.role } } }));
    if (res) onInvited(res);
  };
  return (
    <div class="row-actions">
      {self ? (
        <span>{u.role} (you)</span>
      ) : (
        <>
          <label class="visually-hidden" for={id}>{`Role of ${u.email}`}</label>
          <select
            id={id}
            class="role-select"
            value={u.role}
            disabled={act.busy}
            onChange={(e) => {
              const role = roles.find((r) => r === (e.currentTarget as HTMLSelectElement).value);
              if (role) void patch({ role });
            }}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </>
      )}
      {u.status === 'invited' ? (
        <button type="button" class="quiet" disabled={act.busy} onClick={newLink}>
          New link
        </button>
      ) : null}
      {self ? null : (
        <button
          type="button"
          class="quiet"
          disabled={act.busy}
          onClick={() => patch({ disabled: u.status !== 'disabled' })}
          aria-label={`${u.status === 'disabled' ? 'Enable' : 'Disable'} ${u.email}`}
        >
          {u.status === 'disabled' ? 'Enable' : 'Disable'}
        </button>
      )}
      {self ? null : (
        <Confirm
          label="Remove"
          name={`Remove ${u.email}`}
          question={`Remove ${u.email}? Their sessions end at once.`}
          yes="Yes, remove"
          onConfirm={async () => {
            await call('deleteUser', { path: { id: u.id } });
            onChanged();
            return true;
          }}
        />
      )}
      <ErrorNote>{act.error}</ErrorNote>
    </div>
  );
}

export function Users() {
  const list = useApi('listUsers');
  const me = useMe();
  const owners = useCan('users.owners');
  const roles = owners ? ROLES : ROLES.filter((r) => r !== 'owner');
  const [invited, setInvited] = useState<Invited>();
  const onInvited = (i: Invited) => {
    setInvited(i);
    list.reload();
  };
  const rows = { ...list, data: list.data?.users };
  return (
    <section>
      <PageHeading>Users</PageHeading>
      {invited ? (
        <div class="card note-ok" role="status">
          <CopyField
            label={`Invitation link for ${invited.user.email}`}
            value={invited.invitation.url}
            hint={`Send it to them yourself. It works once, until ${dateTime(invited.invitation.expires)}.`}
          />
        </div>
      ) : null}
      <ListTable
        loaded={rows}
        caption="The team’s users"
        rowKey={(u) => u.id}
        columns={[
          {
            head: 'User',
            cell: (u) => (
              <>
                {u.name ?? u.email}
                {u.name ? <span class="sub">{u.email}</span> : null}
              </>
            ),
          },
          {
            head: 'Status',
            cell: (u) => (
              <span
                class={`badge ${u.status === 'active' ? 'badge-ok' : u.status === 'disabled' ? 'badge-bad' : 'badge-info'}`}
              >
                {u.status}
              </span>
            ),
          },
          { head: 'Last sign-in', cell: (u) => (u.last_sign_in ? dateTime(u.last_sign_in) : '—') },
          {
            head: 'Role',
            cell: (u) =>
              u.role === 'owner' && !owners ? (
                'owner'
              ) : (
                <Controls
                  u={u}
                  roles={roles}
                  self={u.id === me?.user?.id}
                  onChanged={list.reload}
                  onInvited={onInvited}
                />
              ),
          },
        ]}
      />
      <Invite roles={roles} onInvited={onInvited} />
    </section>
  );
}
