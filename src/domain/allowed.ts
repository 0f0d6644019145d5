/** Catalog checks shared by every use case: one message format for "not one of the allowed values". */
import { ApiError } from './errors.js';

const MAX_LISTED = 60;

export function checkAllowed(value: string, allowed: readonly string[], path: string, carrier: string): void {
  if (allowed.includes(value)) return;
  const shown =
    allowed.length > MAX_LISTED
      ? `${allowed.slice(0, MAX_LISTED).join(', ')}, … (${allowed.length} in all; GET /meta/carriers/${carrier})`
      : allowed.join(', ');
  throw new ApiError(
    'schema_validation_error',
    `${path} "${value}" is not allowed for ${carrier}; allowed: ${shown}`,
    path,
  );
}
