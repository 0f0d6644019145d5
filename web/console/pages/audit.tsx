/**
 * The audit log: who changed what, when and from where, newest first. Filters and paging live in the
 * address like the shipments'; the export saves every matching entry as CSV or JSON Lines.
 */
import { useState } from 'preact/hooks';
import { query } from '../../shared/api';
import { dateTime } from '../../shared/format';
import { saveFile } from '../label';
import { BASE } from '../router';
import type { AuditEntry } from '../types';
import { useCan } from '../context';
import { ErrorNote, Field, FilterActions, ListTable, PageHeading, Pager, useApi, useFilters } from '../ui';

const PAGE_SIZE = 25;
const FILTERS = ['actor', 'action', 'resource', 'start_date', 'end_date'] as const;

/** A key by its name (GET /keys, for those who may list keys), else by its id. */
function who(e: AuditEntry, keyName: (id: string) => string | undefined): string {
  if (e.actor.email) return e.actor.email;
  if (e.actor.kind === 'key') return `API key ${(e.actor.id && keyName(e.actor.id)) ?? e.actor.id ?? ''}`;
  if (e.actor.kind === 'jwt') return `token ${e.actor.id ?? ''}`;
  return (
    {
      operator: 'the operator',
      anonymous: 'someone unknown',
      platform: 'your platform',
      customer: 'a customer (returns portal)',
    }[e.actor.kind as string] ?? e.actor.kind
  );
}

/** What changed, in one line: name=value pairs (secrets arrive masked). */
function changes(c: Record<string, unknown> | undefined): string {
  if (!c) return '—';
  return Object.entries(c)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

export function Audit() {
  const f = useFilters('listAudit', `${BASE}/audit`, FILTERS);
  const list = useApi('listAudit', { query: { ...f.query, page: f.page, pageSize: PAGE_SIZE } });
  const keys = useApi('listKeys', useCan('keys.manage') ? {} : null);
  const keyNames = new Map((keys.data?.keys ?? []).map((k) => [k.id, k.name]));
  const keyName = (id: string) => {
    const name = keyNames.get(id);
    return name ? `“${name}”` : undefined;
  };
  const [exportError, setExportError] = useState<string>();
  const save = (format: 'csv' | 'jsonl') => {
    setExportError(undefined);
    saveFile(`/audit${query({ ...f.current, format })}`, `audit.${format}`).catch((err: Error) =>
      setExportError(err.message),
    );
  };
  return (
    <section>
      <PageHeading>Audit log</PageHeading>
      <form class="filters" role="search" onSubmit={f.submit}>
        <Field
          label="Who"
          type="search"
          value={f.form.actor}
          onValue={f.set('actor')}
          hint="E-mail address, or user:… / key:…"
        />
        <Field label="Action" value={f.form.action} onValue={f.set('action')} hint="e.g. label.bought" />
        <Field
          label="Resource"
          value={f.form.resource}
          onValue={f.set('resource')}
          hint="An id, or a type such as shipment"
        />
        <Field label="From" type="date" value={f.form.start_date} onValue={f.set('start_date')} />
        <Field label="To" type="date" value={f.form.end_date} onValue={f.set('end_date')} />
        <FilterActions onClear={f.clear} />
      </form>
      <div class="actions">
        <button type="button" class="quiet" onClick={() => save('csv')}>
          Export CSV
        </button>
        <button type="button" class="quiet" onClick={() => save('jsonl')}>
          Export JSON Lines
        </button>
      </div>
      <ErrorNote>{exportError}</ErrorNote>
      <ListTable
        loaded={list}
        caption="Changes, newest first"
        rowKey={(e) => e.id}
        columns={[
          { head: 'When', cell: (e) => dateTime(e.at) },
          {
            head: 'Who',
            cell: (e) => (
              <>
                <span class="audit-who">{who(e, keyName)}</span>
                {e.ip ? <span class="sub">{e.ip}</span> : null}
              </>
            ),
          },
          {
            head: 'Action',
            cell: (e) => (
              <>
                <code>{e.action}</code>
                <span class="sub">{e.resource.id ? `${e.resource.type} ${e.resource.id}` : e.resource.type}</span>
              </>
            ),
          },
          { head: 'What changed', cell: (e) => <span class="audit-changes">{changes(e.changes)}</span> },
        ]}
      />
      <Pager page={f.page} pageSize={PAGE_SIZE} total={list.total} onPage={f.toPage} />
    </section>
  );
}
