/** Request payload types of the operation schemas, for the services. */
import type { Static } from 'typebox';
import type { CancelInput as CancelSchema } from '../http/schemas/operations.js';

export type CancelInput = Static<typeof CancelSchema>;
