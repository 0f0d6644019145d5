/**
 * Pickup API (vendor/pickup-api.json): availability, scheduling and cancelling of courier pickups.
 *
 * - `POST /pickup/v1/pickups/availabilities` → output.options[]: per requested carrier (FDXE, FDXG)
 *   and day (SAME_DAY: today when still before the last ready time; FUTURE_DAY: the next
 *   numberOfBusinessDays business days, 1 by default), with cutOffTime, accessTime and the ready /
 *   latest time options in half hours. Express cuts off at 18:00 with 1 h 30 access time, Ground at
 *   16:00 with 2 h (emulator's choice), in the pickup address's local time.
 * - `POST /pickup/v1/pickups` → pickupConfirmationCode, message, location (fixtures/pickup_PickupResponse.json).
 * - `PUT /pickup/v1/pickups/cancel` → cancelConfirmationMessage (fixtures/pickup_PickupCancelResponse.json).
 */
import type { FastifyInstance } from 'fastify';
import {
  addBusinessDays,
  addDays,
  isBusinessDay,
  isIsoDate,
  localDate,
  localTime,
  utcOffsetMinutes,
} from '../calendar.js';
import { at, isObject, num, str, strings } from '../json.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure, type FedexError } from './errors.js';
import { stationId } from './services.js';

const CARRIERS: Record<string, { cutOff: string; access: { hours: number; minutes: number } }> = {
  FDXE: { cutOff: '18:00:00', access: { hours: 1, minutes: 30 } },
  FDXG: { cutOff: '16:00:00', access: { hours: 2, minutes: 0 } },
};

const toMinutes = (time: string): number => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const toTime = (total: number): string =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;

function halfHours(from: number, to: number): string[] {
  const out: string[] = [];
  for (let t = Math.ceil(from / 30) * 30; t <= to; t += 30) out.push(toTime(t));
  return out;
}

export function registerPickupRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  const { state, clock } = ctx;

  app.post('/pickup/v1/pickups/availabilities', ctx.tag('pickup_availability'), async (request) => {
    const body = request.body;
    const problems: FedexError[] = [];
    const postalCode = str(at(body, 'pickupAddress.postalCode'));
    const countryCode = str(at(body, 'pickupAddress.countryCode'))?.toUpperCase();
    if (!postalCode) problems.push(errors.pickupPostalMissing());
    if (!countryCode) problems.push(errors.invalidInput('pickupAddress.countryCode'));
    const types = strings(at(body, 'pickupRequestType'));
    if (types.length === 0 || types.some((t) => t !== 'SAME_DAY' && t !== 'FUTURE_DAY'))
      problems.push(errors.invalidInput('pickupRequestType'));
    const carriers = strings(at(body, 'carriers'));
    if (carriers.length === 0 || carriers.some((c) => !CARRIERS[c])) problems.push(errors.invalidInput('carriers'));
    const relationship = str(at(body, 'countryRelationship'));
    if (relationship !== 'DOMESTIC' && relationship !== 'INTERNATIONAL')
      problems.push(errors.invalidInput('countryRelationship'));
    const dispatchDate = str(at(body, 'dispatchDate'));
    if (dispatchDate && !isIsoDate(dispatchDate)) problems.push(errors.invalidInput('dispatchDate'));
    const businessDays = num(at(body, 'numberOfBusinessDays')) ?? 1;
    if (!Number.isInteger(businessDays) || businessDays < 1 || businessDays > 10)
      problems.push(errors.invalidInput('numberOfBusinessDays'));
    if (problems.length) throw new FedexFailure(400, problems);

    const offset = utcOffsetMinutes(countryCode ?? 'US', postalCode);
    const now = clock.now();
    const today = localDate(now, offset);
    const nowMinutes = toMinutes(localTime(now, offset));
    const futureStart = dispatchDate && dispatchDate > today ? addDays(dispatchDate, -1) : today;
    const options = carriers.flatMap((carrier) => {
      const rule = CARRIERS[carrier] ?? { cutOff: '18:00:00', access: { hours: 1, minutes: 30 } };
      const lastReady = toMinutes(rule.cutOff) - rule.access.hours * 60 - rule.access.minutes;
      const option = (pickupDate: string, scheduleDay: 'SAME_DAY' | 'FUTURE_DAY', earliest: number) => ({
        carrier,
        available: earliest <= lastReady,
        pickupDate,
        cutOffTime: rule.cutOff,
        accessTime: rule.access,
        residentialAvailable: true,
        countryRelationship: relationship,
        scheduleDay,
        defaultReadyTime: toTime(Math.max(earliest, Math.min(lastReady, 10 * 60))),
        defaultLatestTimeOptions: '17:00:00',
        readyTimeOptions: halfHours(earliest, lastReady),
        latestTimeOptions: halfHours(Math.max(earliest + 60, 12 * 60), 20 * 60),
      });
      const days = [];
      if (types.includes('SAME_DAY') && (!dispatchDate || dispatchDate === today) && isBusinessDay(today)) {
        days.push(option(today, 'SAME_DAY', Math.max(8 * 60, nowMinutes + 30)));
      }
      if (types.includes('FUTURE_DAY')) {
        for (let i = 1; i <= businessDays; i++)
          days.push(option(addBusinessDays(futureStart, i), 'FUTURE_DAY', 8 * 60));
      }
      return days;
    });
    return ctx.envelope(request, { requestTimestamp: `${today}T${localTime(now, offset)}`, options });
  });

  app.post('/pickup/v1/pickups', ctx.tag('pickup'), async (request) => {
    const body = request.body;
    const problems: FedexError[] = [];
    const account = str(at(body, 'associatedAccountNumber.value'));
    if (!account) problems.push(errors.accountRequired());
    const location = 'originDetail.pickupLocation';
    const postalCode = str(at(body, `${location}.address.postalCode`));
    const countryCode = str(at(body, `${location}.address.countryCode`))?.toUpperCase();
    if (!postalCode) problems.push(errors.pickupPostalMissing());
    if (!countryCode) problems.push(errors.invalidInput(`${location}.address.countryCode`));
    if (!isObject(at(body, `${location}.contact`))) problems.push(errors.invalidInput(`${location}.contact`));
    const ready = str(at(body, 'originDetail.readyDateTimestamp'));
    const readyDate = ready?.slice(0, 10);
    if (!ready || !readyDate || !isIsoDate(readyDate))
      problems.push(errors.invalidInput('originDetail.readyDateTimestamp'));
    const closeTime = str(at(body, 'originDetail.customerCloseTime'));
    if (!closeTime || !/^\d{2}:\d{2}(:\d{2})?$/.test(closeTime))
      problems.push(errors.invalidInput('originDetail.customerCloseTime'));
    const carrierCode = str(at(body, 'carrierCode'));
    if (!carrierCode || !CARRIERS[carrierCode]) problems.push(errors.invalidInput('carrierCode'));
    if (problems.length || !account || !readyDate || !carrierCode) throw new FedexFailure(400, problems);

    const utcOffset = utcOffsetMinutes(countryCode ?? 'US', postalCode);
    const today = localDate(clock.now(), utcOffset);
    if (readyDate < today) throw new FedexFailure(400, [errors.pickupPreviousDay()]);
    const code = state.nextPickupCode();
    const station = stationId(str(at(body, `${location}.address.city`)), countryCode ?? 'US');
    state.pickups.set(code, {
      confirmationCode: code,
      accountNumber: account,
      location: station,
      scheduledDate: readyDate,
      carrierCode,
      utcOffset,
    });
    return ctx.envelope(request, {
      pickupConfirmationCode: code,
      ...(readyDate === today ? { message: 'Courier on the way' } : {}),
      location: station,
      alerts: [],
    });
  });

  app.put('/pickup/v1/pickups/cancel', ctx.tag('pickup_cancel'), async (request) => {
    const body = request.body;
    const problems: FedexError[] = [];
    const account = str(at(body, 'associatedAccountNumber.value'));
    if (!account) problems.push(errors.accountRequired());
    const code = str(at(body, 'pickupConfirmationCode'));
    if (!code) problems.push(errors.invalidInput('pickupConfirmationCode'));
    const scheduledDate = str(at(body, 'scheduledDate'));
    if (!scheduledDate || !isIsoDate(scheduledDate)) problems.push(errors.invalidInput('scheduledDate'));
    if (problems.length || !code) throw new FedexFailure(400, problems);

    const pickup = state.pickups.get(code);
    if (!pickup || pickup.cancelledAt) throw new FedexFailure(400, [errors.pickupNotFound()]);
    if (pickup.accountNumber !== account) throw new FedexFailure(400, [errors.userUnauthorized()]);
    const now = clock.now();
    if (pickup.scheduledDate < localDate(now, pickup.utcOffset)) throw new FedexFailure(400, [errors.pickupExpired()]);
    pickup.cancelledAt = now;
    return ctx.envelope(request, {
      pickupConfirmationCode: pickup.confirmationCode,
      cancelConfirmationMessage: 'Requested pickup has been cancelled Successfully.',
    });
  });
}
