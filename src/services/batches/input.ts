import type { BatchInput } from '../../contract/batches.js';
import { CanonicalJson } from '../../foundations/canonical-json.js';
import type { NewItem } from './csv-items.js';

/**
 * What a batch item that failed its checks keeps of its input. Such an item is booked again only by
 * a retry, which fails it again, yet a failed row of a hostile file was once stored as a 50 MB
 * `batch_items.input`. A string keeps at most 1,001 characters and an array 201 elements: more than
 * any field or list of a /ship shipment takes, so that a retry still fails on them as the first
 * check did; nesting stops at 32 levels, deeper than any shipment; and an input still longer than
 * MAX_FAILED_INPUT characters is stored as `{}`.
 */
export const MAX_FAILED_INPUT = 64 * 1024;
const STRING_KEPT = 1001;
const ELEMENTS_KEPT = 201;
const DEPTH_KEPT = 32;

function cut(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > STRING_KEPT ? value.slice(0, STRING_KEPT) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DEPTH_KEPT) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.slice(0, ELEMENTS_KEPT).map((v) => cut(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k.slice(0, STRING_KEPT), cut(v, depth + 1)]),
  );
}

/** The JSON a failed item stores: its input as given when short enough, else cut as above. */
export function failedInputJson(input: Record<string, unknown>): string {
  const whole = JSON.stringify(input);
  if (whole.length <= MAX_FAILED_INPUT) return whole;
  const kept = JSON.stringify(cut(input, 0));
  return kept.length <= MAX_FAILED_INPUT ? kept : '{}';
}

/** A JSON batch's items: shipments read by the route come as their text (CanonicalJson); others are written out. */
export function jsonItems(batch: BatchInput): NewItem[] {
  return batch.shipments.map((s: unknown) => ({
    text: s instanceof CanonicalJson ? s.text : JSON.stringify(s),
    reference: null,
  }));
}

/** An item's reference: the value of its first references entry. */
export function referenceOf(input: Record<string, unknown>): string | null {
  const refs = input.references;
  const first = Array.isArray(refs) ? (refs[0] as { value?: unknown } | undefined) : undefined;
  return typeof first?.value === 'string' ? first.value : null;
}
