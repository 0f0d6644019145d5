/** What a pickup's phone, date and window must be: checked before any carrier call. */
import { ApiError } from '../../domain/errors.js';
import { checkHorizon, DATE_HORIZON_DAYS, earliestToday } from '../kernel/index.js';

/** A phone number a carrier will take: 7 to 15 digits (E.164), optionally with + and separators. */
export function checkPhone(phone: string, path: string): void {
  const compact = phone.replace(/[\s().-]/g, '');
  if (!/^\+?\d{7,15}$/.test(compact)) {
    throw new ApiError(
      'invalid_phone_number',
      `${path} "${phone}" is not a phone number: use 7 to 15 digits, optionally with a leading + and spaces, dashes or brackets`,
      path,
    );
  }
}

/** A date a carrier can still collect on: today or later, within the pickup horizon. */
export function checkDateNotPast(date: string, now: Date, path: string): void {
  if (date < earliestToday(now)) throw new ApiError('schema_validation_error', `${path} ${date} is in the past`, path);
  checkHorizon(date, now, DATE_HORIZON_DAYS.pickup, path);
}

/** A pickup's date and window: not in the past, closing after it opens. */
export function checkPickupTime(
  time: { date: string; ready_time: string; close_time: string },
  now: Date,
  path: string,
): void {
  checkDateNotPast(time.date, now, `${path}.date`);
  if (time.close_time <= time.ready_time)
    throw new ApiError('schema_validation_error', `${path}.close_time must be after ready_time`, `${path}.close_time`);
}
