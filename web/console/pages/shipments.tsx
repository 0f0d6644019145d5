/** The shipments: search, filters and paging live in the address, so a filtered list is a link. */
import { dateTime, STAGE_CODES, stageText } from '../../shared/format';
import { accountOptions } from '../names';
import { useAccountNames, useCarrierNames } from '../display';
import { useServiceNames } from '../services';
import { BASE, Link } from '../router';
import {
  Amount,
  Field,
  FilterActions,
  ListTable,
  PageHeading,
  Pager,
  Select,
  StageBadge,
  useApi,
  useFilters,
} from '../ui';

const PAGE_SIZE = 20;
// batch: set by a batch page's link, kept while the other filters change.
const FILTERS = ['search', 'status', 'shipping_account', 'start_date', 'end_date', 'batch'] as const;

export function Shipments() {
  const f = useFilters('listShipments', `${BASE}/shipments`, FILTERS);
  const accounts = useApi('listShippingAccounts', { query: { limit: 500 } });
  const serviceName = useServiceNames();
  const carrierName = useCarrierNames();
  const accountLabel = useAccountNames();
  const list = useApi('listShipments', { query: { ...f.query, page: f.page, pageSize: PAGE_SIZE } });

  return (
    <section>
      <PageHeading>Shipments</PageHeading>
      {f.current.batch ? <p class="note">Only the shipments of batch {f.current.batch}; Clear shows all.</p> : null}
      <form class="filters" role="search" onSubmit={f.submit}>
        <Field
          label="Search"
          type="search"
          value={f.form.search}
          onValue={f.set('search')}
          hint="Tracking number, reference or recipient name"
          class="wide"
        />
        <Select
          label="Status"
          value={f.form.status}
          onValue={f.set('status')}
          blank="Any status"
          options={STAGE_CODES.map((s) => [s, stageText(s)] as const)}
        />
        <Select
          label="Shipping account"
          value={f.form.shipping_account}
          onValue={f.set('shipping_account')}
          blank="Any account"
          options={accountOptions(accounts.data?.shipping_accounts ?? [], carrierName)}
        />
        <Field label="From" type="date" value={f.form.start_date} onValue={f.set('start_date')} />
        <Field label="To" type="date" value={f.form.end_date} onValue={f.set('end_date')} />
        <FilterActions onClear={f.clear} />
      </form>
      <ListTable
        loaded={list}
        caption="Shipments, newest first"
        rowKey={(s) => s.id}
        columns={[
          {
            head: 'Tracking number',
            cell: (s) => (
              <>
                <Link href={`${BASE}/shipments/${encodeURIComponent(s.id)}`}>{s.tracking_number}</Link>
                {s.type === 'return' ? <span class="tag">return</span> : null}
                {s.test ? <span class="tag">test</span> : null}
              </>
            ),
          },
          { head: 'Status', cell: (s) => <StageBadge stage={s.status} /> },
          {
            head: 'Carrier and service',
            label: 'Carrier',
            cell: (s) => (
              <>
                {carrierName(s.carrier)}
                {s.service ? <span class="sub">{serviceName(s.carrier, s.service)}</span> : null}
                <span class="sub">{accountLabel(s.shipping_account)}</span>
              </>
            ),
          },
          {
            head: 'Recipient',
            cell: (s) => (
              <>
                {s.recipient.name ?? s.recipient.company ?? '—'}
                <span class="sub">{[s.recipient.city, s.recipient.country].filter(Boolean).join(', ')}</span>
              </>
            ),
          },
          { head: 'Cost', cell: (s) => <Amount amount={s.costs?.net_charge} currency={s.costs?.currency} /> },
          { head: 'Booked', cell: (s) => dateTime(s.created) },
        ]}
      />
      <Pager page={f.page} pageSize={PAGE_SIZE} total={list.total} onPage={f.toPage} />
    </section>
  );
}
