/**
 * Parts of the Returns page's forms: a portal link's order lines and the link once made, and the
 * question a return asks before it buys its label.
 */
import { useEffect, useRef } from 'preact/hooks';
import { dateTime, money } from '../../shared/format';
import type { ReturnMethod } from '../types';
import { Field } from '../ui';

/** One item line of a portal link's order. */
export interface Line {
  product: string;
  sku: string;
  quantity: string;
  value: string;
  weight: string;
}

export const blankLine: Line = { product: '', sku: '', quantity: '1', value: '', weight: '' };

export function OrderLines(props: { lines: Line[]; onLines: (l: Line[]) => void; units: string }) {
  const { lines, onLines } = props;
  const setLine = (i: number, k: keyof Line) => (v: string) =>
    onLines(lines.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
  return (
    <fieldset>
      <legend>Items of the order</legend>
      {lines.map((l, i) => (
        <div class="parcel" key={i} role="group" aria-label={`Item ${i + 1}`}>
          <Field label={`Item ${i + 1} product`} required value={l.product} onValue={setLine(i, 'product')} />
          <Field label="SKU" required value={l.sku} onValue={setLine(i, 'sku')} />
          <Field
            label="Quantity"
            type="number"
            min="1"
            step="1"
            required
            value={l.quantity}
            onValue={setLine(i, 'quantity')}
          />
          <Field
            label="Value of one"
            type="number"
            min="0"
            step="0.01"
            required
            value={l.value}
            onValue={setLine(i, 'value')}
          />
          <Field
            label={`Weight of one (${props.units})`}
            type="number"
            min="0.001"
            step="any"
            required
            value={l.weight}
            onValue={setLine(i, 'weight')}
          />
        </div>
      ))}
      <button type="button" class="quiet" onClick={() => onLines([...lines, blankLine])}>
        Add an item
      </button>
    </fieldset>
  );
}

/** The link for the customer, focused as it appears so that it is announced. */
export function LinkMade({ link }: { link: { url: string; expires: string } }) {
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => result.current?.focus(), [link]);
  return (
    <div class="card done" tabIndex={-1} ref={result} role="group" aria-label="Portal link created">
      <Field
        label={`Link for the customer (valid until ${dateTime(link.expires)})`}
        value={link.url}
        readOnly
        class="tracking-link"
        onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
      />
      <a href={link.url} target="_blank" rel="noopener">
        Open the portal
      </a>
    </div>
  );
}

/** A return label is bought: asked first, with the method's price and the customer's charge. */
export function ReturnQuestion(props: { method: ReturnMethod; currency: string; busy: boolean; onNo: () => void }) {
  const { method, currency } = props;
  const price = money(method.cost.carrier_charge, currency);
  return (
    <div class="confirm" role="group" aria-labelledby="return-q">
      <p id="return-q">{`Buy a return label with ${method.method_name} (${method.carrier_name}) for ${price}${method.type === 'pickup' ? ', the carrier collecting it' : ''}? The customer is charged ${money(method.cost.customer_charge, currency)}.`}</p>
      <button type="submit" disabled={props.busy}>
        {props.busy ? 'Booking the return…' : `Buy for ${price}`}
      </button>
      <button type="button" class="quiet" onClick={props.onNo}>
        Don’t buy
      </button>
    </div>
  );
}
