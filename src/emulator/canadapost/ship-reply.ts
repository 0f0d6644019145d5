/**
 * What canadapost's shipment routes share: the parties read from a request (with the postal code
 * and ZIP checks of the gateway), their lines on a label, and a shipment's price as shipment-info
 * carries it.
 */
import type { FastifyRequest } from 'fastify';
import { xmlElement, type XmlObject } from '../../carriers/shared/xml.js';
import { failures } from './errors.js';
import { postalCode, required, text } from './request.js';
import type { Party, StoredShipment } from './state.js';

const ZIP = /^\d{5}(-\d{4})?$/;
const money = (n: number): string => n.toFixed(2);

export function party(request: FastifyRequest, node: XmlObject | undefined, role: 'sender' | 'destination'): Party {
  const address = xmlElement(node?.['address-details']);
  // A non-contract sender's address has no country: it is always Canada.
  const country = text(address, 'country-code') ?? 'CA';
  const raw = text(address, 'postal-zip-code') ?? '';
  if (country === 'CA') postalCode(request, raw);
  if (country === 'US' && !ZIP.test(raw))
    throw failures.invalid('9185', `The ZIP code ${raw} of the ${role} is not valid for the United States.`);
  return {
    name: text(node, 'name') ?? '',
    company: text(node, 'company') ?? '',
    lines: [
      text(address, 'address-line-1') ?? required(request, address, 'address-line-1'),
      text(address, 'address-line-2'),
    ].filter((l): l is string => l !== undefined),
    city: required(request, address, 'city'),
    province: text(address, 'prov-state') ?? '',
    postalCode: raw,
    country,
  };
}

export const addressLines = (p: Party): string[] =>
  [p.name, p.company, ...p.lines, `${p.city} ${p.province} ${p.postalCode}`.trim(), p.country].filter((l) => l !== '');

export function shipmentPrice(s: StoredShipment): Record<string, unknown> {
  const q = s.quote;
  return {
    'service-code': q.service.code,
    'base-amount': money(q.base),
    'priced-options': { 'priced-option': [{ 'option-code': 'DC', 'option-price': '0.00' }] },
    adjustments: {
      adjustment: [
        ...(q.discount !== 0 ? [{ 'adjustment-code': 'AUTDISC', 'adjustment-amount': money(q.discount) }] : []),
        { 'adjustment-code': 'FUELSC', 'adjustment-amount': money(q.fuel) },
      ],
    },
    'pre-tax-amount': money(q.preTax),
    'gst-amount': money(q.gst),
    'pst-amount': money(q.pst),
    'hst-amount': money(q.hst),
    'due-amount': money(q.due),
    'service-standard': {
      'am-delivery': 'false',
      'guaranteed-delivery': String(q.service.destination !== 'INT'),
      'expected-transmit-time': '1',
      'expected-delivery-date': s.deliveryDate,
    },
    'rated-weight': s.weightKg.toFixed(3),
  };
}
