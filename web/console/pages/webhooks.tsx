/**
 * Webhook endpoints: add one, enable or disable it, rotate its secret (shown once), and each
 * delivery with its attempts, status codes and next retry, replayable.
 */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { dateTime } from '../../shared/format';
import { Confirm, ErrorNote, Field, PageHeading, Status, useAction, useApi } from '../ui';
import { useCan } from '../context';
import type { Endpoint, Delivery, EventType, Subscribed } from '../types';

export const EVENT_TYPES = [
  'shipment.created',
  'shipment.cancelled',
  'tracking.updated',
  'pickup.scheduled',
  'pickup.cancelled',
  'return.created',
  'return.updated',
  'batch.completed',
] as const satisfies readonly EventType[];

function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const list = useApi('listWebhookDeliveries', { path: { id: endpoint.id }, query: { limit: 50 } });
  const act = useAction();
  const manage = useCan('webhooks.manage');
  const replay = async (d: Delivery) => {
    if (
      await act.run(() =>
        call('replayWebhookDelivery', {
          path: { id: endpoint.id, delivery_id: d.id },
        }),
      )
    )
      list.reload();
  };
  const items = list.data?.deliveries;
  return (
    <div>
      <div class="row-actions">
        <button type="button" class="quiet" onClick={list.reload}>
          Reload deliveries
        </button>
      </div>
      <Status loaded={list} empty={items?.length === 0} />
      <ErrorNote>{act.error}</ErrorNote>
      {items && items.length > 0 ? (
        <ul class="deliveries">
          {items.map((d) => (
            <li key={d.id} class={`delivery delivery-${d.status}`}>
              <div class="head">
                <span
                  class={`badge ${d.status === 'succeeded' ? 'badge-ok' : d.status === 'failed' ? 'badge-bad' : 'badge-info'}`}
                >
                  {d.status}
                </span>
                <span class="what">{d.event_type}</span>
                <span class="sub">
                  {`${dateTime(d.created)} · event `}
                  <code class="event-id">{d.event_id}</code>
                </span>
                {d.next_attempt ? <span class="sub">Next attempt {dateTime(d.next_attempt)}</span> : null}
                {manage ? (
                  <button
                    type="button"
                    class="quiet"
                    disabled={act.busy}
                    onClick={() => replay(d)}
                    aria-label={`Replay ${d.event_type} delivery ${d.id}`}
                  >
                    Replay
                  </button>
                ) : null}
              </div>
              {d.attempts.length > 0 ? (
                <ol class="attempts" aria-label="Attempts">
                  {d.attempts.map((a, i) => (
                    <li
                      key={i}
                    >{`${dateTime(a.at)} · ${a.status_code !== undefined ? `HTTP ${a.status_code}` : 'no answer'} · ${a.duration_ms} ms${a.error ? ` · ${a.error}` : ''}`}</li>
                  ))}
                </ol>
              ) : (
                <p class="sub">Not attempted yet.</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function EndpointCard({ e, onChanged }: { e: Endpoint; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState(e.secret);
  const act = useAction();
  const manage = useCan('webhooks.manage');
  const toggle = async () => {
    if (await act.run(() => call('updateWebhook', { path: { id: e.id }, body: { webhook: { enabled: !e.enabled } } })))
      onChanged();
  };
  const rotate = async () => {
    const res = await act.run(() => call('rotateWebhookSecret', { path: { id: e.id } }));
    if (res) setSecret(res.webhook.secret);
  };
  const panel = `deliveries-${e.id}`;
  return (
    <li class="card">
      <h2 class="url">{e.url}</h2>
      <p class="summary">
        <span class={`badge ${e.enabled ? 'badge-ok' : 'badge-bad'}`}>{e.enabled ? 'Enabled' : 'Disabled'}</span>
        {e.disabled_reason ? <span>{e.disabled_reason}</span> : null}
        {e.failing_since ? <span>{`Failing since ${dateTime(e.failing_since)}`}</span> : null}
      </p>
      <p class="sub">{`${e.description ? `${e.description} · ` : ''}Events: ${e.events.join(', ')}`}</p>
      {secret ? (
        <p class="note note-ok" role="status">
          Signing secret (shown once, copy it now): <code>{secret}</code>
        </p>
      ) : null}
      <div class="row-actions">
        {manage ? (
          <>
            <button type="button" onClick={toggle} disabled={act.busy}>
              {e.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" class="quiet" onClick={rotate} disabled={act.busy}>
              Rotate secret
            </button>
          </>
        ) : null}
        <button type="button" class="quiet" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        {manage ? (
          <Confirm
            label="Delete endpoint"
            question={`Delete the endpoint ${e.url} and its delivery history?`}
            yes="Yes, delete it"
            onConfirm={async () => {
              await call('deleteWebhook', { path: { id: e.id } });
              onChanged();
              return true;
            }}
          />
        ) : null}
      </div>
      <ErrorNote>{act.error}</ErrorNote>
      <div id={panel}>{open ? <Deliveries endpoint={e} /> : null}</div>
    </li>
  );
}

function AddEndpoint({ onAdded }: { onAdded: (e: Endpoint) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<Subscribed[]>(['*']);
  const act = useAction();
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const res = await act.run(() =>
      call('createWebhook', {
        body: { webhook: { url, events, ...(description ? { description } : {}) } },
      }),
    );
    if (res) {
      setUrl('');
      setDescription('');
      onAdded(res.webhook);
    }
  };
  const toggle = (t: Subscribed, on: boolean) =>
    setEvents(on ? [...events.filter((x) => x !== '*' || t === '*'), t] : events.filter((x) => x !== t));
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="add-wh">
      <h2 id="add-wh">Add an endpoint</h2>
      <Field label="URL" type="url" required value={url} onValue={setUrl} class="wide" />
      <Field label="Description" value={description} onValue={setDescription} />
      <fieldset>
        <legend>Events</legend>
        <div class="checks">
          {(['*', ...EVENT_TYPES] as const).map((t) => (
            <label class="check" key={t}>
              <input
                type="checkbox"
                checked={events.includes(t)}
                onChange={(e) => toggle(t, (e.currentTarget as HTMLInputElement).checked)}
              />
              {t === '*' ? 'All events' : t}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorNote>{act.error}</ErrorNote>
      <div class="actions">
        <button type="submit" disabled={act.busy || events.length === 0}>
          Add endpoint
        </button>
      </div>
    </form>
  );
}

export function Webhooks() {
  const list = useApi('listWebhooks', { query: { limit: 500 } });
  const [created, setCreated] = useState<Endpoint>();
  const manage = useCan('webhooks.manage');
  const items = list.data?.webhooks;
  return (
    <section>
      <PageHeading>Webhooks</PageHeading>
      <Status loaded={list} empty={items?.length === 0} />
      {items && items.length > 0 ? (
        <ul class="cards">
          {items.map((e) => (
            <EndpointCard
              key={e.id}
              e={created?.id === e.id ? { ...e, secret: created.secret } : e}
              onChanged={list.reload}
            />
          ))}
        </ul>
      ) : null}
      {manage ? (
        <AddEndpoint
          onAdded={(e) => {
            setCreated(e);
            list.reload();
          }}
        />
      ) : null}
    </section>
  );
}
