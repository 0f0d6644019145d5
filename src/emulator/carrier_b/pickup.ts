/**
 * Pickup API (vendor/Pickup.yaml): the rating call `POST /api/shipments/{version}/pickup/{pickuptype}`,
 * creation `POST /api/pickupcreation/{version}/pickup`, cancellation
 * `DELETE /api/shipments/{version}/pickup/{CancelBy}` (PRN in the `Prn` header) and the service-center
 * search `POST /api/pickup/{version}/servicecenterlocations`.
 *
 * Rules: a pickup date must be a business day, today or within 10 days (local time of the pickup
 * address), else 9560131 "Invalid pickup date" (fixtures/pickup_PickupErrorResponse.json); the ready
 * time must be 90 minutes before the close time. The price is a flat on-call charge per country
 * (answered like fixtures/pickup_PickupResponse.json: RateResult with ChargeDetail strings).
 */
import type { FastifyInstance } from 'fastify';
import { addDays, isBusinessDay, localDate, utcOffsetMinutes } from '../calendar.js';
import { at, isObject, num, str } from '../json.js';
import { responseHeader, type CarrierBCtx } from './context.js';
import { errors, UpsFailure } from './errors.js';
import { currencyFor } from './prices.js';
import { isoOf } from './request.js';

const PICKUP_FEE_USD = 6.5;

function minutes(hhmm: string | undefined): number | undefined {
  const m = hhmm === undefined ? null : /^(\d{1,2})(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The pickup date and window of a rating or creation request, validated. */
function readPickup(body: unknown, ctx: CarrierBCtx): { date: string; country: string } {
  const address = at(body, 'PickupAddress');
  const country = str(at(address, 'CountryCode'))?.toUpperCase();
  if (!country || !str(at(address, 'City'))) throw new UpsFailure(400, [errors.missing('PickupAddress')]);
  const date = isoOf(str(at(body, 'PickupDateInfo.PickupDate')));
  const ready = minutes(str(at(body, 'PickupDateInfo.ReadyTime')));
  const close = minutes(str(at(body, 'PickupDateInfo.CloseTime')));
  if (ready === undefined || close === undefined) throw new UpsFailure(400, [errors.missing('PickupDateInfo')]);
  const today = localDate(ctx.clock.now(), utcOffsetMinutes(country, str(at(address, 'PostalCode'))));
  if (!date || date < today || date > addDays(today, 10) || !isBusinessDay(date))
    throw new UpsFailure(400, [errors.pickupDate()]);
  if (close - ready < 90) throw new UpsFailure(400, [errors.pickupWindow()]);
  return { date, country };
}

function rateResult(country: string, sameDay: boolean) {
  const { currency, rate } = currencyFor(country);
  const fee = (PICKUP_FEE_USD * rate).toFixed(2);
  return {
    RateType: sameDay ? 'SD' : 'FD',
    CurrencyCode: currency,
    ChargeDetail: [{ ChargeCode: 'B', ChargeDescription: 'BASE CHARGE', ChargeAmount: fee }],
    GrandTotalOfAllCharge: fee,
  };
}

export function registerPickupRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  const { state, clock } = ctx;

  app.post('/api/shipments/:version/pickup/:pickuptype', ctx.tag('pickup_availability'), async (request) => {
    const { pickuptype } = request.params as { pickuptype: string };
    if (!['oncall', 'smart', 'both'].includes(pickuptype))
      throw new UpsFailure(400, [errors.invalid('pickuptype', pickuptype)]);
    const body = at(request.body, 'PickupRateRequest');
    if (!isObject(body)) throw new UpsFailure(400, [errors.missing('PickupRateRequest')]);
    const { date, country } = readPickup(body, ctx);
    return {
      PickupRateResponse: {
        Response: responseHeader(str(at(body, 'Request.TransactionReference.CustomerContext'))),
        RateResult: rateResult(country, date === localDate(clock.now(), utcOffsetMinutes(country))),
      },
    };
  });

  app.post('/api/pickupcreation/:version/pickup', ctx.tag('pickup'), async (request) => {
    const body = at(request.body, 'PickupCreationRequest');
    if (!isObject(body)) throw new UpsFailure(400, [errors.missing('PickupCreationRequest')]);
    const account = str(at(body, 'Shipper.Account.AccountNumber'));
    if (!account) throw new UpsFailure(400, [errors.missing('Shipper.Account.AccountNumber')]);
    const pieces = Array.isArray(body.PickupPiece)
      ? body.PickupPiece
      : isObject(body.PickupPiece)
        ? [body.PickupPiece]
        : [];
    if (pieces.length === 0 || pieces.some((p) => num(at(p, 'Quantity')) === undefined || !str(at(p, 'ServiceCode')))) {
      throw new UpsFailure(400, [errors.missing('PickupPiece')]);
    }
    const { date, country } = readPickup(body, ctx);
    const prn = state.nextPrn();
    state.pickups.set(prn, { prn, accountNumber: account, date });
    return {
      PickupCreationResponse: {
        Response: responseHeader(str(at(body, 'Request.TransactionReference.CustomerContext'))),
        PRN: prn,
        RateStatus: { Code: '01', Description: 'Rate available' },
        RateResult: rateResult(country, date === localDate(clock.now(), utcOffsetMinutes(country))),
      },
    };
  });

  app.delete('/api/shipments/:version/pickup/:cancelBy', ctx.tag('pickup_cancel'), async (request) => {
    const { cancelBy } = request.params as { cancelBy: string };
    if (cancelBy !== '02') throw new UpsFailure(400, [errors.invalid('CancelBy', cancelBy)]);
    const prn = request.headers.prn;
    const pickup = typeof prn === 'string' ? state.pickups.get(prn) : undefined;
    if (!pickup || pickup.cancelledAt) throw new UpsFailure(400, [errors.pickupNotFound()]);
    pickup.cancelledAt = clock.now();
    return { PickupCancelResponse: { Response: responseHeader(undefined), PickupType: '01' } };
  });
}
