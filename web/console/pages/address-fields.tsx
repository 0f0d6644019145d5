/**
 * An address as a form holds it: its fields (a fieldset, each field labelled), a blank one, and the
 * conversions between the form's text and the interface's Address.
 */
import { Field } from '../ui';
import { ADDRESS_FIELDS, type Address, type AddressForm } from '../types';

export const blankAddress: AddressForm = {
  name: '',
  company: '',
  street1: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'US',
  phone: '',
};
export function AddressFields({
  legend,
  value,
  onChange,
  required = true,
}: {
  legend: string;
  value: AddressForm;
  onChange: (a: AddressForm) => void;
  required?: boolean;
}) {
  const f = (k: keyof AddressForm, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} value={value[k] ?? ''} onValue={(v) => onChange({ ...value, [k]: v })} {...extra} />
  );
  return (
    <fieldset class="address">
      <legend>{legend}</legend>
      {f('name', 'Name', { required, autoComplete: 'off' })}
      {f('company', 'Company')}
      {f('street1', 'Street', { required })}
      {f('city', 'City', { required })}
      {f('state', 'State or region')}
      {f('postal_code', 'Postal code')}
      {f('country', 'Country (2 letters)', { required, maxLength: 2, pattern: '[A-Za-z]{2}' })}
      {f('phone', 'Phone', { type: 'tel' })}
    </fieldset>
  );
}

/** What the form holds, without its empty fields, the country in capitals: the address to send. */
export function clean(a: AddressForm): Address {
  // The country is asked by every address form (a required field): '' only if the browser let it through.
  const out: Address = { country: '' };
  for (const k of ADDRESS_FIELDS) if (a[k]) out[k] = k === 'country' ? a[k].toUpperCase() : a[k];
  return out;
}

/** An address from an answer as the form holds it (its text fields). */
export function formOf(a: Address | undefined): AddressForm {
  const out: AddressForm = { ...blankAddress };
  for (const k of ADDRESS_FIELDS) if (a?.[k] !== undefined) out[k] = a[k];
  return out;
}
