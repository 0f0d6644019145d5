/**
 * The JSON body of POST /batches, built as it arrives. JSON.parse of the whole body held the event
 * loop for seconds (and 11 million empty shipments left 1.2 GB behind) before the 10,000-shipment
 * limit was looked at; here a streaming parser (@streamparser/json) is given the body a piece at a
 * time (body-stream.ts), and every limit is checked as it goes, so that a body over one is refused
 * with what was read so far. A large body is read on a thread of its own (batch-json-thread.ts);
 * this module is what runs there. The limits:
 * - at most MAX_BATCH_ITEMS shipments (400, as the schema says of a smaller body that has too many);
 * - nesting at most MAX_JSON_DEPTH levels (400, as body-checks.ts says of other bodies);
 * - strings and member names of at most MAX_BATCH_STRING characters, numbers of at most that many
 *   bytes, give or take a piece (413): no field of a shipment takes more than 1,000 characters;
 * - at most MAX_BATCH_VALUES values in all (413): 200 a shipment on average, more than a dense
 *   body the size of the limit holds; at most MAX_SHIPMENT_VALUES in one shipment and
 *   MAX_OTHER_VALUES outside the shipments (413);
 * - at most MAX_SHIPMENT_CHARS characters of strings and member names in one shipment, and
 *   MAX_OTHER_CHARS outside the shipments (413): what the thread holds at once stays far below its
 *   heap's ceiling, so that a body is refused by these limits, never by how full the heap happened
 *   to be when a collection ran;
 * - no `__proto__` member and no `constructor.prototype` (400), as Fastify's own JSON parser;
 * - no control character in a string or member name (400), as body-checks.ts says of other bodies.
 * A member that is null is dropped as it is read (nulls.ts), so that the finished body is walked by
 * nothing but the schema (the route's `checkedBody`). Each element of `batch.shipments`, once read,
 * is handed to `keep`, and what it answers stays in its place: by default a shipment's text
 * (CanonicalJson), never its objects. Errors echo at most a short excerpt of the body.
 */
import type { ParsedElementInfo, ParsedTokenInfo } from '@streamparser/json';
import { MAX_BATCH_ITEMS } from '../domain/catalog.js';
import { ApiError } from '../domain/errors.js';
import { notJson } from '../contract/validation-errors.js';
import { CanonicalJson, canonicalJson } from '../foundations/canonical-json.js';
import { CONTROL, controlCharacterError, MAX_JSON_DEPTH, memberPath } from './body-checks.js';

export const MAX_BATCH_STRING = 65_536;
export const MAX_BATCH_VALUES = 200 * MAX_BATCH_ITEMS;
/**
 * Values one shipment may hold: 200 packages of up to 50 special services each, 200 customs items and
 * the rest come to fewer than half of it. Each is written out as text in one go (CanonicalJson).
 */
export const MAX_SHIPMENT_VALUES = 50_000;
/** Values outside the shipments: the body's other members, of which the schema takes two strings. */
export const MAX_OTHER_VALUES = 1_000;
/** Characters of one shipment: as much as the body of a /ship (1 MiB), a hundred times a full one. */
export const MAX_SHIPMENT_CHARS = 1024 * 1024;
/** Characters outside the shipments: a label_type and a reference. */
export const MAX_OTHER_CHARS = 64 * 1024;
/** Pieces in a row a number may still be unfinished at: bodies come in 16 KiB pieces. */
const MAX_NUMBER_PIECES = MAX_BATCH_STRING / (16 * 1024);

/** Where a value is, as errors name it: the keys of the containers it is in, then its own. */
const pathOf = (stack: ParsedElementInfo['stack'], last: string | number | undefined): string =>
  memberPath([...stack.slice(1).map((e) => e.key), last].filter((k): k is string | number => k !== undefined)) ||
  'body';

/** What stays in a shipment's place: its text, when it is an object (anything else fails the schema). */
export type KeepShipment = (element: unknown, shipments: unknown[]) => unknown;
const asText: KeepShipment = (element) =>
  element !== null && typeof element === 'object' ? new CanonicalJson(canonicalJson(element)) : element;

/** Nothing but white space: no body, as json-parser.ts says of other routes. */
export async function readBatchJson(pieces: AsyncIterable<Buffer>, keep: KeepShipment = asText): Promise<unknown> {
  // Loaded by the first batch body read here, not at start: most instances never read one.
  const { Tokenizer, TokenParser, TokenType } = await import('@streamparser/json');
  const tokenizer = new Tokenizer({ emitPartialTokens: true });
  const parser = new TokenParser();
  let failure: unknown;
  let root: unknown;
  let started = false;
  let depth = 0;
  let values = 0;
  let shipments = 0;
  let shipmentValues = 0;
  let otherValues = 0;
  let shipmentChars = 0;
  let otherChars = 0;
  let numberPieces = 0;

  tokenizer.onError = (err) => (failure ??= err);
  parser.onError = (err) => (failure ??= err);
  // Each refusal is also kept aside: the tokenizer swallows what its callback throws for a partial number.
  const refuse = (err: ApiError): never => {
    failure ??= err;
    throw err;
  };
  tokenizer.onToken = (t: ParsedTokenInfo) => {
    // A string or number not finished when a piece ends: checked now, not once it is whole.
    if (t.partial) {
      const string = typeof t.value === 'string';
      if (
        string
          ? (t.value as string).length > MAX_BATCH_STRING
          : t.token === TokenType.NUMBER && ++numberPieces > MAX_NUMBER_PIECES
      ) {
        refuse(
          new ApiError(
            'payload_too_large',
            `A ${string ? 'string' : 'number'} of the body is longer than ${MAX_BATCH_STRING} characters; no field of a shipment takes more than 1000`,
            'body',
          ),
        );
      }
      return;
    }
    numberPieces = 0;
    started = true;
    if (typeof t.value === 'string' && t.value.length > MAX_BATCH_STRING)
      refuse(
        new ApiError(
          'payload_too_large',
          `A string of the body is longer than ${MAX_BATCH_STRING} characters; no field of a shipment takes more than 1000`,
          'body',
        ),
      );
    if (t.token === TokenType.LEFT_BRACE || t.token === TokenType.LEFT_BRACKET) {
      if (++depth > MAX_JSON_DEPTH)
        refuse(
          new ApiError(
            'schema_validation_error',
            `The body nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
            'body',
          ),
        );
    } else if (t.token === TokenType.RIGHT_BRACE || t.token === TokenType.RIGHT_BRACKET) depth--;
    parser.write(t);
    if (failure) throw failure;
  };
  parser.onValue = ({ value, key, parent, stack }: ParsedElementInfo) => {
    if (++values > MAX_BATCH_VALUES)
      refuse(
        new ApiError(
          'payload_too_large',
          `The body holds more than ${MAX_BATCH_VALUES} values; a batch has at most ${MAX_BATCH_ITEMS} shipments`,
          'body',
        ),
      );
    if (key === '__proto__' || (key === 'prototype' && stack.at(-1)?.key === 'constructor'))
      refuse(
        new ApiError(
          'schema_validation_error',
          `The body has a member named ${key === '__proto__' ? '__proto__' : 'constructor.prototype'}, which no request takes`,
          'body',
        ),
      );
    const inShipments =
      stack.length >= 3 &&
      stack[2]!.key === 'shipments' &&
      stack[1]!.key === 'batch' &&
      Array.isArray(stack.length === 3 ? parent : stack[3]!.value);
    const shipment = inShipments && stack.length === 3;
    // The shipments array itself counts as the one value outside them it is.
    if (!inShipments && ++otherValues > MAX_OTHER_VALUES)
      refuse(
        new ApiError(
          'payload_too_large',
          `The body holds more than ${MAX_OTHER_VALUES} values outside batch.shipments; a batch takes a label_type and a reference there`,
          'body',
        ),
      );
    if (shipment && ++shipments > MAX_BATCH_ITEMS) {
      refuse(
        new ApiError(
          'schema_validation_error',
          `batch.shipments has more than ${MAX_BATCH_ITEMS} elements; a batch has at most ${MAX_BATCH_ITEMS} shipments`,
          'batch.shipments',
        ),
      );
    }
    if (inShipments && !shipment && ++shipmentValues > MAX_SHIPMENT_VALUES) {
      refuse(
        new ApiError(
          'payload_too_large',
          `A shipment of the body holds more than ${MAX_SHIPMENT_VALUES} values; no shipment takes that many`,
          pathOf(stack.slice(0, 4), undefined),
        ),
      );
    }
    const chars = (typeof value === 'string' ? value.length : 0) + (typeof key === 'string' ? key.length : 0);
    if (inShipments && (shipmentChars += chars) > MAX_SHIPMENT_CHARS) {
      refuse(
        new ApiError(
          'payload_too_large',
          `A shipment of the body holds more than ${MAX_SHIPMENT_CHARS} characters; a /ship body takes at most 1 MiB`,
          pathOf(stack.slice(0, 4), undefined),
        ),
      );
    }
    if (!inShipments && (otherChars += chars) > MAX_OTHER_CHARS) {
      refuse(
        new ApiError(
          'payload_too_large',
          `The body holds more than ${MAX_OTHER_CHARS} characters outside batch.shipments; a batch takes a label_type and a reference there`,
          'body',
        ),
      );
    }
    if (shipment) shipmentValues = shipmentChars = 0;
    if (typeof value === 'string' && CONTROL.test(value)) refuse(controlCharacterError(pathOf(stack, key)));
    if (typeof key === 'string' && CONTROL.test(key)) refuse(controlCharacterError(pathOf(stack, JSON.stringify(key))));
    if (value === null && typeof key === 'string') delete (parent as Record<string, unknown>)[key];
    else if (shipment) (parent as unknown[])[key as number] = keep(value, parent as unknown[]);
    if (stack.length === 0) root = value;
  };

  for await (const piece of pieces) {
    tokenizer.write(piece);
    if (failure) break;
  }
  if (!failure && started) tokenizer.end();
  if (failure instanceof ApiError) throw failure;
  if (failure) throw notJson((failure as Error).message);
  if (!started) return undefined;
  if (root === undefined) throw notJson('the body ends before its last value does');
  return root;
}
