/** Returns: the list with filters, making return methods and portal links, one return, and voiding it. */
import { useState } from 'preact/hooks';
import { call } from '../call';
import { dateTime, STAGE_CODES, stageText } from '../../shared/format';
import { BASE, Link } from '../router';
import { NewPortalLink, NewReturn, NewReturnMethod } from './return-forms';
import {
  Amount,
  Confirm,
  Facts,
  Field,
  FilterActions,
  ListTable,
  PageHeading,
  Pager,
  Select,
  StageBadge,
  Status,
  useApi,
  useFilters,
} from '../ui';
import { useCan } from '../context';
import { ReturnMethods } from './return-methods';

const PAGE_SIZE = 20;
const FILTERS = ['search', 'status', 'customer_id', 'order_id', 'start_date', 'end_date'] as const;
// GET /returns reads `created` as UTC; the list shows it in the reader's time.
const utc = (created: string) => (/[zZ]|[+-]\d{2}:\d{2}$/.test(created) ? created : `${created}Z`);

export function Returns() {
  const f = useFilters('listReturns', `${BASE}/returns`, FILTERS);
  const list = useApi('listReturns', { query: { ...f.query, page: f.page, pageSize: PAGE_SIZE } });
  const [methodsMade, setMethodsMade] = useState(0);
  const manageReturns = useCan('returns.manage');
  const manageMethods = useCan('accounts.manage');
  return (
    <section>
      <PageHeading>Returns</PageHeading>
      <form class="filters" role="search" onSubmit={f.submit}>
        <Field
          label="Search"
          type="search"
          value={f.form.search}
          onValue={f.set('search')}
          hint="Tracking, reference or pickup confirmation number"
          class="wide"
        />
        <Select
          label="Status"
          value={f.form.status}
          onValue={f.set('status')}
          blank="Any status"
          options={STAGE_CODES.map((s) => [s, stageText(s)] as const)}
        />
        <Field label="Customer" value={f.form.customer_id} onValue={f.set('customer_id')} />
        <Field label="Order" value={f.form.order_id} onValue={f.set('order_id')} />
        <Field label="From" type="date" value={f.form.start_date} onValue={f.set('start_date')} />
        <Field label="To" type="date" value={f.form.end_date} onValue={f.set('end_date')} />
        <FilterActions onClear={f.clear} />
      </form>
      <ListTable
        loaded={list}
        caption="Returns, newest first"
        rowKey={(r) => r.id}
        columns={[
          {
            head: 'Tracking number',
            cell: (r) => <Link href={`${BASE}/returns/${encodeURIComponent(r.id)}`}>{r.shipment.tracking_number}</Link>,
          },
          { head: 'Status', cell: (r) => <StageBadge stage={r.shipment.status} /> },
          {
            head: 'Method',
            cell: (r) => (
              <>
                {r.return_method.method_name}
                <span class="sub">{r.return_method.carrier_name}</span>
              </>
            ),
          },
          {
            head: 'Customer and order',
            label: 'Customer',
            cell: (r) => (
              <>
                {r.customer_id}
                {r.order_id ? <span class="sub">Order {r.order_id}</span> : null}
              </>
            ),
          },
          { head: 'Created', cell: (r) => dateTime(utc(r.created)) },
        ]}
      />
      <Pager page={f.page} pageSize={PAGE_SIZE} total={list.total} onPage={f.toPage} />
      {/* A new method is offered at once: the return form starts again with the methods reloaded. */}
      {manageReturns ? <NewReturn key={methodsMade} /> : null}
      <ReturnMethods key={methodsMade} manage={manageMethods} />
      {manageMethods ? (
        <NewReturnMethod
          onCreated={() => {
            list.reload();
            setMethodsMade((n) => n + 1);
          }}
        />
      ) : null}
      {manageReturns ? <NewPortalLink /> : null}
    </section>
  );
}

export function ReturnDetail({ id }: { id: string }) {
  const loaded = useApi('getReturn', { path: { id } });
  const r = loaded.data;
  // The charge is in the money its label was bought in: the return's shipment says which.
  const shipment = useApi('getShipment', r ? { path: { id: r.shipment.id } } : null);
  const currency = shipment.data?.shipment.costs?.currency ?? 'USD';
  const mayVoid = useCan('returns.manage');
  const voidIt = async (idempotencyKey: string) => {
    await call('updateReturn', {
      path: { id },
      idempotencyKey,
      body: { shipment: { status: 'SHIPMENT_VOIDED' } },
    });
    loaded.reload();
    return true;
  };
  return (
    <section>
      <p>
        <Link href={`${BASE}/returns`}>← Returns</Link>
      </p>
      {!r ? (
        <Status loaded={loaded} />
      ) : (
        <>
          <PageHeading>Return {r.shipment.tracking_number}</PageHeading>
          <div class="summary">
            <StageBadge stage={r.shipment.status} />
            <Link href={`${BASE}/shipments/${encodeURIComponent(r.shipment.id)}`}>
              Its shipment: label and tracking
            </Link>
          </div>
          <div class="grid">
            <section class="card">
              <h2>Return</h2>
              <Facts
                items={[
                  ['Customer', r.customer_id],
                  ['Order', r.order_id],
                  ['Created', dateTime(utc(r.created))],
                  [
                    'Method',
                    `${r.return_method.method_name} (${r.return_method.carrier_name}, ${r.return_method.type.replace('_', ' ')})`,
                  ],
                  ['Charged to the customer', <Amount amount={r.return_method.return_charge} currency={currency} />],
                  ['Reference', r.shipment.reference_number],
                  [
                    'Pickup',
                    r.pickup
                      ? `${r.pickup.confirmation_number} · ${r.pickup.status.toLowerCase()}${r.pickup.date ? ` · ${r.pickup.date}` : ''}`
                      : undefined,
                  ],
                ]}
              />
            </section>
            <section class="card">
              <h2>Items</h2>
              {r.return_lines?.length ? (
                <ul>
                  {r.return_lines.map((l, i) => (
                    <li key={i}>
                      {l.quantity ?? 1} × {l.product_name ?? 'item'}
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="note">None listed.</p>
              )}
            </section>
          </div>
          <section class="card">
            <h2>Void</h2>
            {r.shipment.status === 'SHIPMENT_VOIDED' ? (
              <p>This return is voided.</p>
            ) : !mayVoid ? (
              <p>Your role cannot void returns.</p>
            ) : (
              <Confirm
                label="Void return"
                question="Void this return? Its label is cancelled with the carrier, and its pickup too."
                yes="Yes, void the return"
                onConfirm={voidIt}
              />
            )}
          </section>
        </>
      )}
    </section>
  );
}
