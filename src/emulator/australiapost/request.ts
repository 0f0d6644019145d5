/**
 * Reading Shipping API request members the way the API validates them: a missing member is
 * 40002 JSON_MANDATORY_FIELD_MISSING naming it, a member of the wrong form 40003. Shared by
 * /prices/items and /shipments.
 */
import { arr, at, isObject, num, str, strings } from '../json.js';
import { failures, type AusPostError } from './errors.js';
import type { ItemInput } from './prices.js';
import type { Party } from './state.js';

/** A reading path (`shipments.0.from`) as the API names the member (`shipments[0].from`). */
export const fieldName = (path: string): string => path.replace(/\.(\d+)(?=\.|\[|$)/g, '[$1]');

/** Collects problems so that one answer names every bad member, as Australia Post does. */
export class Problems {
  readonly errors: AusPostError[] = [];

  str(body: unknown, path: string, required = true): string | undefined {
    const v = str(at(body, path));
    if (v === undefined && required) this.missing(path);
    return v;
  }

  missing(path: string): void {
    const field = fieldName(path);
    this.errors.push({
      code: '40002',
      name: 'JSON_MANDATORY_FIELD_MISSING',
      message: `The input request is missing the mandatory field with the name '${field}'.`,
      field,
    });
  }

  invalid(path: string, message: string): void {
    this.errors.push({ code: '40003', name: 'JSON_INVALID_FIELD_VALUE', message, field: fieldName(path) });
  }

  throwIfAny(): void {
    if (this.errors.length > 0) throw failures.many(this.errors);
  }
}

/** A rate's from/to: country and postcode (postcode required in Australia). */
export function readPlace(body: unknown, path: string, p: Problems): { country: string; postcode: string } {
  const country = (p.str(body, `${path}.country`, false) ?? 'AU').toUpperCase();
  const postcode = p.str(body, `${path}.postcode`, country === 'AU') ?? '';
  if (country === 'AU' && postcode !== '' && !/^\d{4}$/.test(postcode))
    p.invalid(`${path}.postcode`, `The postcode ${postcode} is not a valid Australian postcode.`);
  return { country, postcode };
}

/** A shipment's from/to: name, lines, suburb, postcode in Australia; the state is taken when given (the recorded sender has none). */
export function readParty(body: unknown, path: string, p: Problems): Party {
  const place = readPlace(body, path, p);
  const lines = strings(at(body, `${path}.lines`));
  if (lines.length === 0) p.missing(`${path}.lines`);
  return {
    name: p.str(body, `${path}.name`) ?? '',
    business: str(at(body, `${path}.business_name`)) ?? '',
    lines,
    suburb: p.str(body, `${path}.suburb`) ?? '',
    state: p.str(body, `${path}.state`, false) ?? '',
    postcode: place.postcode,
    country: place.country,
  };
}

/** Items with weight in kg and sides in cm. */
export function readItems(body: unknown, path: string, p: Problems): (ItemInput & { raw: Record<string, unknown> })[] {
  const items = (arr(at(body, path)) ?? []).filter(isObject);
  if (items.length === 0) p.missing(path);
  return items.map((raw, i) => {
    const weight = num(raw.weight);
    if (weight === undefined) p.missing(`${path}[${i}].weight`);
    else if (weight <= 0) p.invalid(`${path}[${i}].weight`, `The weight ${weight} of the item is not valid.`);
    const side = (k: string): number | undefined => num(raw[k]);
    return { raw, weight: weight ?? 0, length: side('length'), width: side('width'), height: side('height') };
  });
}
