/**
 * The one Ajv instance: Fastify validates request bodies with it, and the services validate batch
 * elements with it, so a field is reported the same way wherever it is checked.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TSchema } from 'typebox';
import type { ApiError } from '../domain/errors.js';
import { fromFrameworkError } from './validation-errors.js';

// ajv-formats ships CommonJS with a default export that ESM sees one level down.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => void;

export const ajv = new Ajv({
  // Legacy clients send numbers as strings ("weight": "5"); coercion keeps them working.
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  strict: false,
});
addFormats(ajv);

/** A checker for one schema: undefined when valid, else the ApiError the HTTP layer would answer. */
export function checkerFor(schema: TSchema, prefix: string): (value: unknown) => ApiError | undefined {
  // Compiled on first use: checkers are made when modules load, and a start need not pay for them.
  let validate: ValidateFunction | undefined;
  return (value) => {
    validate ??= ajv.compile(schema);
    if (validate(value)) return undefined;
    const errors = (validate.errors ?? []).map((e) => ({ ...e, instancePath: `/${prefix}${e.instancePath}` }));
    return fromFrameworkError({ message: 'invalid', validation: errors, validationContext: prefix });
  };
}
