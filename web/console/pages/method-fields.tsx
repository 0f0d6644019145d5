/**
 * The parts a return method's forms share, made and changed alike: its type, what it costs (the
 * customer's charge and the carrier's), and where its returns go.
 */
import { useId } from 'preact/hooks';
import type { AddressForm, MethodType } from '../types';
import { Field, Select } from '../ui';
import { AddressFields } from './address-fields';

export const METHOD_TYPES: [MethodType, string][] = [
  ['drop_off', 'Drop off'],
  ['pickup', 'Pickup at the customer'],
];

export function MethodTypeSelect({ value, onValue }: { value: MethodType; onValue: (t: MethodType) => void }) {
  return <Select label="Type" value={value} onValue={onValue} options={METHOD_TYPES} />;
}

/** The two amounts of a method, as the form holds them (text until sent). */
export interface Charges {
  charge: string;
  cost: string;
}

/** The customer's charge and the carrier's, as the interface's `cost` and `return_charge`. */
export function chargesBody(c: Charges) {
  return {
    cost: { carrier_charge: Number(c.cost), customer_charge: Number(c.charge) },
    return_charge: Number(c.charge),
  };
}

export function ChargeFields({ value, onChange }: { value: Charges; onChange: (c: Charges) => void }) {
  const money = { type: 'number', min: '0', step: '0.01', required: true } as const;
  return (
    <>
      <Field
        label="Charged to the customer"
        {...money}
        value={value.charge}
        onValue={(charge) => onChange({ ...value, charge })}
      />
      <Field
        label="Carrier charge (your cost)"
        {...money}
        value={value.cost}
        onValue={(cost) => onChange({ ...value, cost })}
      />
    </>
  );
}

/**
 * Where a method's returns go: its account's billing address, or an address of its own. Only the
 * first can be missing, so only it is warned about, and only while it is the one chosen.
 */
export function DestinationChoice(props: {
  own: boolean;
  onOwn: (own: boolean) => void;
  address: AddressForm;
  onAddress: (a: AddressForm) => void;
  /** Whether the method's account has a billing address; undefined while no account is chosen. */
  billed: boolean | undefined;
}) {
  const name = useId();
  const { own, onOwn } = props;
  return (
    <>
      <fieldset>
        <legend>Where its returns go</legend>
        <label class="check">
          <input type="radio" name={name} checked={!own} onChange={() => onOwn(false)} />
          Use the account’s billing address
        </label>
        <label class="check">
          <input type="radio" name={name} checked={own} onChange={() => onOwn(true)} />
          Send its returns to an address of its own
        </label>
      </fieldset>
      {!own && props.billed === false ? (
        <p class="note note-error">
          This account has no billing address: without an address of its own, returns through this method have nowhere
          to go.
        </p>
      ) : null}
      {own ? <AddressFields legend="Returns go to" value={props.address} onChange={props.onAddress} /> : null}
    </>
  );
}
