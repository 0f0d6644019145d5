/** How the pages say things: tracking stages in words, money, dates. */

const STAGES: Record<string, string> = {
  CREATION_PENDING: 'Label pending',
  CREATED: 'Label created',
  PICKED_UP: 'Picked up',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DRIVER_ASSIGNED: 'Driver assigned',
  CHECKED_IN: 'Checked in',
  DELIVERED: 'Delivered',
  SHIPMENT_VOIDED: 'Cancelled',
  EXCEPTION: 'Problem in delivery',
};

export const STAGE_CODES = Object.keys(STAGES);

export function stageText(stage: string | undefined): string {
  return stage ? (STAGES[stage] ?? stage.toLowerCase().replace(/_/g, ' ')) : 'Unknown';
}

/** A CSS class per kind of stage, so colour is never the only signal (the words are always there). */
export function stageTone(stage: string | undefined): 'ok' | 'bad' | 'muted' | 'info' {
  if (stage === 'DELIVERED') return 'ok';
  if (stage === 'EXCEPTION') return 'bad';
  if (stage === 'SHIPMENT_VOIDED') return 'muted';
  return 'info';
}

/** Decimal text or a number in a currency, e.g. "$38.54"; the amount alone when the currency is unknown. */
/** A count and its noun, singular for one: "1 row", "3 rows", "2 deliveries". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function money(amount: string | number | undefined, currency: string | undefined): string {
  if (amount === undefined || amount === '') return '—';
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  try {
    return currency ? new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(n) : n.toFixed(2);
  } catch {
    return `${n.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

export function dateTime(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A calendar date (YYYY-MM-DD) as written in the user's locale, without shifting it by time zone. */
export function day(date: string | undefined): string {
  if (!date) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
