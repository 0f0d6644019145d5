/** Pickups: scheduled and cancelled, scheduling one, one pickup, and cancelling it. */
import { call } from '../call';
import { dateTime, day } from '../../shared/format';
import { BASE, Link } from '../router';
import type { Pickup } from '../types';
import {
  Confirm,
  Facts,
  Field,
  FilterActions,
  ListTable,
  PageHeading,
  Pager,
  Select,
  Status,
  useApi,
  useFilters,
} from '../ui';
import { SchedulePickup } from './pickup-form';
import { AddressBlock } from './shipment-detail';
import { useCan } from '../context';
import { useAccountNames, useCarrierNames } from '../display';

const PAGE_SIZE = 20;
const FILTERS = ['search', 'status', 'start_date', 'end_date'] as const;

function PickupState({ p }: { p: Pickup }) {
  return (
    <span class={`badge ${p.status === 'cancelled' ? 'badge-muted' : 'badge-info'}`}>
      {p.status === 'cancelled' ? 'Cancelled' : 'Scheduled'}
    </span>
  );
}

export function Pickups() {
  const carrierName = useCarrierNames();
  const accountLabel = useAccountNames();
  const f = useFilters('listPickups', `${BASE}/pickups`, FILTERS);
  const list = useApi('listPickups', { query: { ...f.query, page: f.page, pageSize: PAGE_SIZE } });
  const schedule = useCan('pickups.manage');
  return (
    <section>
      <PageHeading>Pickups</PageHeading>
      <form class="filters" role="search" onSubmit={f.submit}>
        <Field label="Confirmation number" type="search" value={f.form.search} onValue={f.set('search')} class="wide" />
        <Select
          label="Status"
          value={f.form.status}
          onValue={f.set('status')}
          blank="Any status"
          options={[
            ['scheduled', 'Scheduled'],
            ['cancelled', 'Cancelled'],
          ]}
        />
        <Field label="Booked from" type="date" value={f.form.start_date} onValue={f.set('start_date')} />
        <Field label="Booked to" type="date" value={f.form.end_date} onValue={f.set('end_date')} />
        <FilterActions onClear={f.clear} />
      </form>
      <ListTable
        loaded={list}
        caption="Pickups, newest first"
        rowKey={(p) => p.id}
        columns={[
          {
            head: 'Confirmation',
            cell: (p) => <Link href={`${BASE}/pickups/${encodeURIComponent(p.id)}`}>{p.confirmation_number}</Link>,
          },
          { head: 'Status', cell: (p) => <PickupState p={p} /> },
          {
            head: 'Carrier',
            cell: (p) => (
              <>
                {carrierName(p.carrier)}
                <span class="sub">{accountLabel(p.shipping_account)}</span>
              </>
            ),
          },
          {
            head: 'When',
            cell: (p) => (
              <>
                {day(p.pickup_date)} <span class="sub">{`${p.ready_time}–${p.close_time}`}</span>
              </>
            ),
          },
          {
            head: 'Where',
            cell: (p) => [p.location.company ?? p.location.name, p.location.city].filter(Boolean).join(', '),
          },
        ]}
      />
      <Pager page={f.page} pageSize={PAGE_SIZE} total={list.total} onPage={f.toPage} />
      {schedule ? <SchedulePickup /> : null}
    </section>
  );
}

export function PickupDetail({ id }: { id: string }) {
  const carrierName = useCarrierNames();
  const accountLabel = useAccountNames();
  const loaded = useApi('getPickup', { path: { id } });
  const p = loaded.data?.pickup;
  const mayCancel = useCan('pickups.manage');
  const cancel = async (idempotencyKey: string) => {
    if (!p) return;
    await call('cancelPickup', {
      idempotencyKey,
      body: { pickup_cancel: { shipping_account: p.shipping_account, confirmation_number: p.confirmation_number } },
    });
    loaded.reload();
    return true;
  };
  return (
    <section>
      <p>
        <Link href={`${BASE}/pickups`}>← Pickups</Link>
      </p>
      {!p ? (
        <Status loaded={loaded} />
      ) : (
        <>
          <PageHeading>Pickup {p.confirmation_number}</PageHeading>
          <div class="summary">
            <PickupState p={p} />
          </div>
          <div class="grid">
            <section class="card">
              <h2>When</h2>
              <Facts
                items={[
                  ['Date', day(p.pickup_date)],
                  ['Ready from', p.ready_time],
                  ['Closes at', p.close_time],
                  ['Carrier', carrierName(p.carrier)],
                  ['Shipping account', accountLabel(p.shipping_account)],
                  ['Shipments', String(p.shipments.length)],
                  ['Booked', dateTime(p.created)],
                  ['Cancelled', p.cancelled ? dateTime(p.cancelled) : undefined],
                ]}
              />
            </section>
            <section class="card">
              <h2>Where</h2>
              <AddressBlock a={p.location} />
            </section>
          </div>
          {mayCancel && p.status === 'scheduled' ? (
            <section class="card">
              <h2>Cancel</h2>
              <Confirm
                label="Cancel pickup"
                question="Cancel this pickup with the carrier?"
                yes="Yes, cancel the pickup"
                onConfirm={cancel}
              />
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
