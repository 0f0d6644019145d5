/** POST /address/validate: an address checked by the carrier of one shipping account. */
import { Type } from 'typebox';
import { ADDRESS_STATUSES } from '../domain/address-validation.js';
import { Address, Nullable, ShippingAccountRef } from './common.js';

export const AddressValidationBody = Type.Object({
  address_validation: Type.Object({
    shipping_account: ShippingAccountRef,
    address: Address,
    carrier: Type.Optional(Type.String({ description: 'carrier slug; must match the account’s carrier when given' })),
    test: Type.Optional(Type.Boolean()),
    debug: Type.Optional(Type.Boolean()),
  }),
});

export const AddressValidationView = Type.Object({
  status: Type.Enum([...ADDRESS_STATUSES], {
    description:
      'valid: deliverable as given; corrected: deliverable with the changes in address; ambiguous: see candidates; invalid: see messages',
  }),
  address: Address,
  candidates: Type.Array(Address),
  residential: Nullable(Type.Boolean({ description: 'null when the carrier does not say' })),
  messages: Type.Array(Type.String()),
});

export const AddressValidationResponse = Type.Object({ address_validation: AddressValidationView });
