/** Events of the last 30 days, oldest first as the API gives them, filtered by type; redeliver one. */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { counted, dateTime } from '../../shared/format';
import { ErrorNote, PageHeading, Select, Status, useAction, useApi } from '../ui';
import type { ApiEvent, EventType } from '../types';
import { EVENT_TYPES } from './webhooks';
import { useCan } from '../context';

const LIMIT = 50;
const NAMED = ['tracking_number', 'confirmation_number', 'id'] as const;

/** The first identifying value of an event's resource, to tell events apart without opening them. */
function subject(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  for (const k of NAMED) {
    const value: unknown = Reflect.get(data, k);
    if (typeof value === 'string') return `${k.replace(/_/g, ' ')} ${value}`;
  }
  return undefined;
}

export function Events() {
  const [type, setType] = useState<EventType | ''>('');
  const [after, setAfter] = useState<string[]>([]);
  // Newest first, as every list of the console.
  const list = useApi('listEvents', {
    query: { ...(type ? { type } : {}), limit: LIMIT, order: 'newest_first', after: after.at(-1) },
  });
  const act = useAction();
  const manage = useCan('webhooks.manage');
  const [sent, setSent] = useState<string>();
  const redeliver = async (e: ApiEvent) => {
    setSent(undefined);
    const res = await act.run(() => call('redeliverEvent', { path: { id: e.id } }));
    if (res) setSent(`${e.type} ${e.id}: ${counted(res.deliveries.length, 'delivery', 'deliveries')} queued.`);
  };
  const items = list.data?.events;
  return (
    <section>
      <PageHeading>Events</PageHeading>
      <div class="filters">
        <Select
          label="Type"
          value={type}
          blank="Every type"
          options={EVENT_TYPES}
          onValue={(v) => {
            setType(v);
            setAfter([]);
          }}
        />
      </div>
      <div aria-live="polite">{sent ? <p class="note note-ok">{sent}</p> : null}</div>
      <ErrorNote>{act.error}</ErrorNote>
      <Status loaded={list} empty={items?.length === 0} />
      {items && items.length > 0 ? (
        <ul class="cards events">
          {items.map((e) => (
            <li key={e.id} class="card">
              <div class="head">
                <span class="what">{e.type}</span>
                {subject(e.data) ? <span>{subject(e.data)}</span> : null}
                <span class="sub">{`${dateTime(e.created)} · ${e.id}`}</span>
                {manage ? (
                  <button
                    type="button"
                    class="quiet"
                    disabled={act.busy}
                    onClick={() => redeliver(e)}
                    aria-label={`Redeliver ${e.type} ${e.id}`}
                  >
                    Redeliver
                  </button>
                ) : null}
              </div>
              <details>
                <summary>Data</summary>
                <pre>{JSON.stringify(e.data, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      <nav class="pager" aria-label="Pages">
        <button type="button" disabled={after.length === 0} onClick={() => setAfter(after.slice(0, -1))}>
          Newer
        </button>
        <button
          type="button"
          disabled={!list.data?.has_more || !items?.length}
          onClick={() => items?.length && setAfter([...after, items.at(-1)!.id])}
        >
          Older
        </button>
      </nav>
    </section>
  );
}
