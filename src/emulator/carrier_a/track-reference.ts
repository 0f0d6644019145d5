/**
 * `POST /track/v1/referencenumbers` (vendor/track.json, "Track by References"): the shipments whose
 * customer references carry a value, narrowed by the account number or the destination, and by a
 * ship-date window. One completeTrackResults[] entry per package found, shaped as Track by Tracking
 * Number's; none found → one entry with the TRACKING.REFERENCENUMBER.NOTFOUND error. A `hidden`
 * fault keeps bookings younger than its milliseconds out of sight, as a lagging search index does.
 */
import type { FastifyInstance } from 'fastify';
import { hiddenFor } from '../faults.js';
import { at, str } from '../json.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure } from './errors.js';
import type { StoredShipment } from './state.js';
import { trackResult } from './track.js';

/** ReferenceInformation.type → the ship request's customerReferenceType it searches. */
const SHIP_TYPE: Record<string, string> = {
  CUSTOMER_REFERENCE: 'CUSTOMER_REFERENCE',
  DEPARTMENT: 'DEPARTMENT_NUMBER',
  INVOICE: 'INVOICE_NUMBER',
  PURCHASE_ORDER: 'P_O_NUMBER',
};

function notFound(value: string) {
  return {
    trackingNumber: value,
    trackResults: [
      {
        trackingNumberInfo: { trackingNumber: '', trackingNumberUniqueId: '', carrierCode: '' },
        error: {
          code: 'TRACKING.REFERENCENUMBER.NOTFOUND',
          message: 'Reference number cannot be found. Please correct the reference number and try again.',
        },
      },
    ],
  };
}

export function registerTrackReferenceRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  app.post('/track/v1/referencenumbers', ctx.tag('track_reference'), async (request) => {
    const info = at(request.body, 'referencesInformation');
    const value = str(at(info, 'value'));
    const type = str(at(info, 'type')) ?? 'CUSTOMER_REFERENCE';
    const account = str(at(info, 'accountNumber'));
    const country = str(at(info, 'destinationCountryCode'));
    const postal = str(at(info, 'destinationPostalCode'));
    const from = str(at(info, 'shipDateBegin'));
    const to = str(at(info, 'shipDateEnd')) ?? str(at(info, 'shipDateEndDate'));
    if (!value) throw new FedexFailure(400, [errors.invalidInput('referencesInformation.value')]);
    // "Either account number or destination postal code and country code are mandatory to track by reference."
    if (!account && !country) throw new FedexFailure(400, [errors.invalidInput('referencesInformation.accountNumber')]);
    const shipType = SHIP_TYPE[type];
    if (!shipType) throw new FedexFailure(400, [errors.invalidInput('referencesInformation.type')]);
    const now = ctx.clock.now();
    const visibleBefore = now.getTime() - hiddenFor(request);
    const matches = (s: StoredShipment) =>
      s.bookedAt.getTime() <= visibleBefore &&
      (!account || s.accountNumber === account) &&
      (!country || s.recipient.countryCode === country) &&
      (!postal || s.recipient.postalCode === postal) &&
      (!from || s.shipDate >= from) &&
      (!to || s.shipDate <= to);
    const found = (ctx.state.byReference.get(`${shipType}:${value}`) ?? []).filter(matches);
    const results = found.flatMap((s) =>
      s.packages.map((p) => ({
        trackingNumber: p.trackingNumber,
        trackResults: [trackResult(s, p.trackingNumber, now, false)],
      })),
    );
    return ctx.envelope(request, { completeTrackResults: results.length > 0 ? results : [notFound(value)] });
  });
}
