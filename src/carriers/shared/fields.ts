/**
 * Building blocks for the shipment members a carrier adds to the public schema (its fields.ts).
 * The same shapes as the contract's, so the composed schema documents them alike.
 */
import { Type } from 'typebox';

export const Text = (maxLength = 1000) => Type.String({ maxLength });
export const IsoDate = Type.String({ format: 'date', description: 'ISO date YYYY-MM-DD' });
