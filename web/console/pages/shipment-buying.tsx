/**
 * New shipment's purchase: Buy asks first, with the price (and the order's live labels); the
 * purchase is one intent that outlives the page (purchase.ts); after booking, the booking is shown.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { money } from '../../shared/format';
import { LabelLink } from '../label';
import { usePurchase, type Purchase } from '../purchase';
import { BASE, Link } from '../router';
import type { Account, CarrierMeta, Rate, Shipment } from '../types';
import { ErrorNote } from '../ui';
import { BuyQuestion, liveLabelsOf, OutcomeUnknown, type LiveLabel } from './buy-panels';

type Asking = { purchase: Purchase; order: string; duplicates: LiveLabel[]; allowDuplicate: boolean };
type Booked = Shipment & { serviceName: string; carrierName: string };
/** The shipment as rated, without what a purchase adds (its service, packaging and references). */
type Rated = Purchase['body']['shipment'];

/** `onBooked` clears the form; the booking itself is shown by BuyingPanels. */
export function useBuying(carriers: CarrierMeta[] | undefined, onBooked: () => void) {
  const [asking, setAsking] = useState<Asking>();
  const [error, setError] = useState<string>();
  const [booked, setBooked] = useState<Booked>();
  const purchase = usePurchase((o) => {
    if (o.kind === 'booked') {
      setAsking(undefined);
      onBooked();
      setBooked({
        ...o.shipment,
        status: 'CREATED',
        created: new Date().toISOString(),
        serviceName: o.purchase.serviceName,
        carrierName: o.purchase.carrierName,
      });
    } else if (o.kind === 'duplicate' && asking)
      setAsking({ ...asking, duplicates: o.ids.map((id) => ({ id })), allowDuplicate: true });
    else setError(o.message);
  });
  const ask = async (account: Account, rate: Rate, shipment: Rated, order: string) => {
    setError(undefined);
    const meta = carriers?.find((c) => c.slug === account.carrier);
    const packaging =
      account.defaults.packaging_type ??
      (meta?.packaging_types.includes('your_packaging') ? 'your_packaging' : meta?.packaging_types[0]);
    const ref = order.trim();
    const references = ref ? { references: [{ type: 'order', value: ref }] } : {};
    const carrierName = meta?.name ?? account.carrier;
    const body = {
      shipment: { ...shipment, service: rate.service_type, ...(packaging ? { packaging } : {}), ...references },
    };
    const p: Purchase = {
      body,
      what: `${rate.service_name} (${carrierName})`,
      carrierName,
      serviceName: rate.service_name,
      price: money(rate.total_cost, rate.currency),
    };
    const duplicates = ref ? await liveLabelsOf(account.id, ref).catch(() => []) : [];
    setAsking({ purchase: p, order: ref, duplicates, allowDuplicate: duplicates.length > 0 });
  };
  const confirm = () => {
    if (!asking) return;
    const { purchase: p, order: ref, allowDuplicate } = asking;
    // Checked again by the service: a label bought meanwhile (another tab, a colleague) is refused too.
    const body = ref && !allowDuplicate ? { shipment: { ...p.body.shipment, reject_duplicates: true } } : p.body;
    purchase.buy({ ...p, body });
  };
  /** New rates asked for: the last question and booking are put away. */
  const reset = () => {
    setBooked(undefined);
    setAsking(undefined);
  };
  return { purchase, asking, setAsking, error, booked, ask, confirm, reset };
}

export type Buying = ReturnType<typeof useBuying>;

export function BuyingPanels({ b }: { b: Buying }) {
  const { purchase, asking, booked } = b;
  const pending = purchase.pending;
  return (
    <>
      {asking && !pending ? (
        <BuyQuestion
          purchase={asking.purchase}
          order={asking.order}
          duplicates={asking.duplicates}
          busy={purchase.busy}
          onYes={b.confirm}
          onNo={() => b.setAsking(undefined)}
        />
      ) : null}
      {pending && purchase.state === 'sending' ? (
        <p class="note" role="status">
          Buying {pending.what} for {pending.price}…
        </p>
      ) : null}
      {pending && purchase.state === 'unknown' ? (
        <OutcomeUnknown
          purchase={pending}
          recipient={String((pending.body.shipment.recipient as { name?: string } | undefined)?.name ?? '')}
          order={String((pending.body.shipment.references as { value: string }[] | undefined)?.[0]?.value ?? '')}
          checking={purchase.busy}
          detail={purchase.detail}
          onCheck={purchase.checkNow}
        />
      ) : null}
      <ErrorNote>{b.error}</ErrorNote>
      {booked ? <BookedCard booked={booked} /> : null}
    </>
  );
}

/** The confirmation appears where the Buy button was, in view and focused (announced, too). */
function BookedCard({ booked }: { booked: Booked }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    ref.current.scrollIntoView({ block: 'nearest' });
    ref.current.focus({ preventScroll: true });
  }, [booked]);
  return (
    <section class="card done" tabIndex={-1} ref={ref} aria-labelledby="booked-h">
      <h2 id="booked-h">Booked {booked.tracking_number}</h2>
      <p>
        {booked.serviceName} · {booked.carrierName} · {money(booked.costs?.net_charge, booked.costs?.currency)} · to{' '}
        {booked.recipient.name}
      </p>
      <div class="row-actions">
        <LabelLink
          url={booked.combined_label ?? booked.packages[0]!.label}
          name={booked.tracking_number}
          text="Print label"
        />
        <Link href={`${BASE}/shipments/${encodeURIComponent(booked.id)}`}>Open the shipment</Link>
      </div>
    </section>
  );
}
