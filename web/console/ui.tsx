/** The console's small building blocks: loading data, messages, fields, paging. */
import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiFailure, filled, query, type Answer, type InputArgs, type OperationId } from '../shared/api';
import type { ListOperationId, QueryParams } from '../../packages/client/src/types';
import { callWithHeaders } from './call';
import { money, stageText, stageTone } from '../shared/format';
import { useIntent } from './intent';
import { navigate, useLocation } from './router';

export interface Loaded<T> {
  data?: T;
  total?: number;
  error?: string;
  loading: boolean;
  reload: () => void;
}

/**
 * Calls an operation whenever its input changes (null: not yet); the total from X-Total-Count. The
 * answer is the operation's own type, from the generated client.
 */
export function useApi<K extends OperationId>(id: K, ...[input]: InputArgs<K> | [input: null]): Loaded<Answer<K>> {
  const [state, setState] = useState<Omit<Loaded<Answer<K>>, 'reload'>>({ loading: input !== null });
  const [round, setRound] = useState(0);
  const wanted = input === null ? null : JSON.stringify([id, input ?? {}]);
  useEffect(() => {
    if (input === null) return;
    const ctl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    callWithHeaders(id, ...([{ ...input, signal: ctl.signal }] as InputArgs<K>))
      .then((res) => {
        const total = res.headers.get('x-total-count');
        setState({ data: res.data, loading: false, ...(total !== null ? { total: Number(total) } : {}) });
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setState({ loading: false, error: err.message });
      });
    return () => ctl.abort();
    // The input is read by its value (wanted), not by the object the page made on this render.
  }, [wanted, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

/** Runs an action; its error as text for the form that started it. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await fn();
    } catch (err) {
      setError(err instanceof ApiFailure || err instanceof Error ? err.message : String(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, setError };
}

export function ErrorNote({ children }: { children?: ComponentChildren }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <p class="note note-error" role="alert">
      {children}
    </p>
  );
}

export function Status({ loaded, empty }: { loaded: Loaded<unknown>; empty?: boolean }) {
  if (loaded.error) return <ErrorNote>{loaded.error}</ErrorNote>;
  if (loaded.loading && loaded.data === undefined)
    return (
      <p class="note" role="status">
        Loading…
      </p>
    );
  if (empty) return <p class="note">Nothing here yet.</p>;
  return null;
}

/**
 * An amount with its currency, kept on one line: the page lets long words break anywhere, which in
 * a crowded table column would split a price mid-number ("$45.0" above "9").
 */
export function Amount({ amount, currency }: { amount: string | number | undefined; currency: string | undefined }) {
  return <span class="amount">{money(amount, currency)}</span>;
}

export function StageBadge({ stage }: { stage: string | undefined }) {
  return <span class={`badge badge-${stageTone(stage)}`}>{stageText(stage)}</span>;
}

type FieldProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  label: string;
  hint?: string;
  value?: string | number;
  onValue?: (v: string) => void;
};

export function Field({ label, hint, onValue, class: cls, ...input }: FieldProps) {
  const id = useId();
  return (
    <div class={`field ${cls ?? ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
        onInput={(e) => onValue?.((e.currentTarget as HTMLInputElement).value)}
        {...input}
      />
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

type SelectProps<V extends string> = {
  label: string;
  value: V;
  /** One of the options' values (typed as they are: a scope, an event type), or '' for the blank. */
  onValue: (v: V) => void;
  options: readonly (V | readonly [V, string])[];
  /** The text of a first option of value '', for which V must include ''. */
  blank?: '' extends V ? string : never;
  required?: boolean;
  class?: string;
};

export function Select<V extends string>({
  label,
  value,
  onValue,
  options,
  blank,
  required,
  class: cls,
}: SelectProps<V>) {
  const id = useId();
  const values = options.map((o) => (typeof o === 'string' ? o : o[0]));
  // The blank's '' is one of V when there is a blank (SelectProps).
  const chosen = (text: string) => values.find((v) => v === text) ?? ('' as V);
  return (
    <div class={`field ${cls ?? ''}`}>
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        required={required}
        onChange={(e) => onValue(chosen((e.currentTarget as HTMLSelectElement).value))}
      >
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {options.map((o) => {
          const [v, text] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** A column of a list table: its heading, its cell, and the label the phone layout shows beside the cell (the heading unless given). */
export type Column<T> = { head: string; cell: (row: T) => ComponentChildren; label?: string };

/** A list page's loading state and table: a row per item, each cell labelled for the phone layout (data-label). */
export function ListTable<T>({
  loaded,
  caption,
  columns,
  rowKey,
}: {
  loaded: Loaded<T[]>;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  const rows = loaded.data;
  return (
    <>
      <Status loaded={loaded} empty={rows?.length === 0} />
      {rows && rows.length > 0 ? (
        <table class="list">
          <caption class="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col" key={c.head}>
                  {c.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td data-label={c.label ?? c.head} key={c.head}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage: (p: number) => void;
}) {
  if (total === undefined) return null;
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {last} · {total} in all
      </span>
      <button type="button" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** Moves focus to the page heading on arrival, so screen readers announce the new page. */
export function PageHeading({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** Term and value pairs. */
export function Facts({ items }: { items: [string, ComponentChildren][] }) {
  return (
    <dl class="facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A list's filters and page, kept in the address so that a filtered list is a link; `query` is the
 * filters set, as the list operation's query. They are what the address says: the service checks
 * each, and a wrong one is its 400 on the page.
 */
export function useFilters<Id extends ListOperationId, K extends keyof QueryParams<Id> & string>(
  _list: Id,
  base: string,
  keys: readonly K[],
) {
  const { search } = useLocation();
  const page = Number(search.get('page') ?? '1') || 1;
  const current = Object.fromEntries(keys.map((k) => [k, search.get(k) ?? ''])) as Record<K, string>;
  const [form, setForm] = useState(current);
  const go = (values: Record<K, string>, p = 1) =>
    navigate(`${base}${query({ ...values, page: p > 1 ? p : undefined })}`);
  return {
    page,
    current,
    query: filled(current) as Pick<QueryParams<Id>, K>,
    form,
    set: (k: K) => (v: string) => setForm({ ...form, [k]: v }),
    submit: (e: Event) => {
      e.preventDefault();
      go(form);
    },
    clear: () => {
      const blank = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
      setForm(blank);
      go(blank);
    },
    toPage: (p: number) => go(current, p),
  };
}

export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div class="actions">
      <button type="submit">Search</button>
      <button type="button" class="quiet" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}

/**
 * A destructive action behind a question: the button, then the question with Yes and Keep it. The
 * action gets an Idempotency-Key: a double click on Yes, or Yes again after a lost answer, is one.
 */
export function Confirm({
  label,
  name,
  question,
  yes,
  onConfirm,
}: {
  label: string;
  /** The button's accessible name when its text alone is ambiguous (a row's Remove). */ name?: string;
  question: string;
  yes: string;
  onConfirm: (idempotencyKey: string) => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const act = useIntent();
  const qid = useId();
  const confirm = async () => {
    if ((await act.run(question, onConfirm)) !== undefined) setAsking(false);
  };
  return (
    <div>
      {asking ? (
        <div class="confirm" role="group" aria-labelledby={qid}>
          <p id={qid}>{question}</p>
          <button type="button" class="danger" disabled={act.busy} onClick={confirm}>
            {yes}
          </button>
          <button type="button" class="quiet" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" class="danger" onClick={() => setAsking(true)} {...(name ? { 'aria-label': name } : {})}>
          {label}
        </button>
      )}
      <ErrorNote>{act.error}</ErrorNote>
    </div>
  );
}
