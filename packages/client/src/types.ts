/** Each operation's input and answer, read off the generated schema.ts by its operationId. */
import type { operations } from './schema.js';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type Content<R> = R extends { content: infer C } ? C : never;
/** JSON answers parse to their schema; labels, print files and marks arrive as bytes. */
type Decoded<C> = [C] extends [never] ? undefined : C extends { 'application/json': infer J } ? J : Uint8Array;
type Success<R> = R extends { 200: infer A }
  ? A
  : R extends { 201: infer A }
    ? A
    : R extends { 202: infer A }
      ? A
      : never;

/** What an operation answers when it succeeds. */
export type Answer<K extends OperationId> = Decoded<Content<Success<Op<K>['responses']>>>;
/** The request body an operation takes (JSON, or the CSV text of a batch). */
export type Body<K extends OperationId> = Content<NonNullable<Op<K>['requestBody']>>[keyof Content<
  NonNullable<Op<K>['requestBody']>
>];
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P } ? P : never;
export type QueryParams<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;

/** Per-call options every operation takes. */
export interface CallOptions {
  /** For a POST: the key that makes retries of this call safe; one is made when none is given. */
  idempotencyKey?: string;
  /** The body's media type when it is text, e.g. `text/csv` for a batch (the default for text). */
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type PathPart<K extends OperationId> = [PathParams<K>] extends [never] ? { path?: undefined } : { path: PathParams<K> };
type QueryPart<K extends OperationId> = [QueryParams<K>] extends [never]
  ? { query?: undefined }
  : { query?: QueryParams<K> };
type BodyPart<K extends OperationId> = [Body<K>] extends [never]
  ? { body?: undefined }
  : Op<K> extends { requestBody: unknown }
    ? { body: Body<K> }
    : { body?: Body<K> };

/** The input of operation K: its path parameters, query, body and call options. */
export type Input<K extends OperationId> = PathPart<K> & QueryPart<K> & BodyPart<K> & CallOptions;

/** Operations that need no input at all may be called without one. */
export type InputArgs<K extends OperationId> = {} extends Input<K> ? [input?: Input<K>] : [input: Input<K>];

/** The operations whose answer is a list, paged by `Link` and `X-Total-Count`. */
export type ListOperationId = { [K in OperationId]: Answer<K> extends readonly unknown[] ? K : never }[OperationId];
export type Item<K extends ListOperationId> = Answer<K> extends readonly (infer T)[] ? T : never;

/** One page of a list: its items, the total the service counted, and whether another follows. */
export interface Page<T> {
  items: T[];
  total: number | undefined;
  next: string | undefined;
}
