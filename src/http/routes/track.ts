import type { TSchema } from 'typebox';
import { ApiError } from '../../domain/errors.js';
import { TrackingResultView, TrackResponse } from '../../contract/answers.js';
import { ErrorBody } from '../../contract/common.js';
import { MAX_TRACK_BATCH, TrackRequest, type TrackInput } from '../../contract/operations.js';
import type { TrackingResult } from '../../domain/types.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { decide } from '../permissions.js';
import type { App, RouteContext } from '../types.js';

/** What asking for background tracking (`webhooks: true`) takes beyond reading. */
const WATCH_PERMISSION = 'shipments.buy';

/** Fastify types schemas for its compile functions as plain records; TypeBox's are exactly that. */
const asSchema = (schema: TSchema) => schema as unknown as Record<string, unknown>;

export function registerTrackRoutes(app: App, { services, examples }: RouteContext): void {
  // A result held in the tracking cache is the same object on every hit until it is replaced: its
  // answer is serialized once and sent as text afterwards.
  const serialized = new WeakMap<object, string>();

  app.post(
    '/track',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'trackShipment',
        tags: ['tracking'],
        summary: 'Track one shipment, or a batch: an array of { track } in, an array of results out',
        body: withExamples(TrackRequest, examples.trackShipment),
        response: {
          200: ok('A tracking result; for a batch, an array of results and errors in request order', TrackResponse),
          ...errorResponses,
        },
      },
      // A batch outside its bounds fails both branches of the union, and the validator would report
      // the object branch ("body must be object"): say the limit instead. No body (an empty one with
      // a JSON content type) is not validated at all: say what is missing before the handler looks.
      preValidation: (req, _reply, done) => {
        const body: unknown = req.body;
        if (body === undefined)
          return done(
            new ApiError(
              'schema_field_required',
              'track is required: send {"track": {…}} or an array of them',
              'track',
            ),
          );
        if (body === null || typeof body !== 'object')
          return done(
            new ApiError('schema_validation_error', 'The body must be {"track": {…}} or an array of them', 'body'),
          );
        // Background tracking is a standing order (carrier calls and deliveries for 60 days), not a
        // read: it takes the right to book.
        const watches = (Array.isArray(body) ? body : [body]).some(
          (e: unknown) => (e as { track?: { webhooks?: unknown } } | null)?.track?.webhooks === true,
        );
        const refusal = watches
          ? decide('POST /track with webhooks: true', WATCH_PERMISSION, req.principal!)
          : undefined;
        if (refusal) return done(refusal);
        if (Array.isArray(body) && (body.length === 0 || body.length > MAX_TRACK_BATCH)) {
          return done(
            new ApiError(
              'schema_validation_error',
              `A batch tracks 1 to ${MAX_TRACK_BATCH} numbers; this one has ${body.length}: split it`,
              'body',
            ),
          );
        }
        done();
      },
    },
    (req, reply) => {
      const body: unknown = req.body;
      // The documented answer is "a result or an array"; serializing through that union would
      // validate every answer against both branches, so each answer uses its own branch's schema.
      // A batch's elements too: through the array's union of a result and an error, each element
      // was validated to choose its branch, and the first batch after start-up compiled that
      // validation (45 ms of CPU with the event loop held, against 4 ms; bench/README.md, sixth round).
      if (Array.isArray(body)) {
        return services.tracking.trackBatch(req.tenant, body, req.log).then((results) => {
          const result = reply.compileSerializationSchema(asSchema(TrackingResultView), '200');
          const error = reply.compileSerializationSchema(asSchema(ErrorBody), '200');
          // A result always names its number, an error never does (a stored result may carry a stray `error`).
          const parts = results.map((r) => ('tracking_number' in r ? result(r as never) : error(r as never)));
          reply.type('application/json; charset=utf-8');
          return `[${parts.join(',')}]` as never;
        });
      }
      const input = (body as { track?: TrackInput }).track;
      if (!input) throw new ApiError('schema_field_required', 'track is required', 'track');
      const send = (result: TrackingResult): void => {
        let text = serialized.get(result);
        if (text === undefined)
          serialized.set(
            result,
            (text = reply.compileSerializationSchema(
              asSchema(TrackingResultView),
              '200',
            )(result as unknown as Record<string, unknown>)),
          );
        // Text with a JSON content type is sent as it is (the typed send expects the object it came from).
        reply.type('application/json; charset=utf-8').send(text as never);
      };
      // A fresh answer in memory is sent in this turn of the event loop, without a promise. The
      // looked-up one is sent when it arrives, the handler returning nothing: a returned promise
      // of undefined would make Fastify send an empty answer of its own while an onSend hook (an
      // Idempotency-Key's) still holds this one.
      const hit = services.tracking.fromMemory(req.tenant, input);
      if (hit === undefined) {
        services.tracking.lookUp(req.tenant, input, req.log).then(send, (err: unknown) => reply.send(err as never));
        return;
      }
      return send(hit);
    },
  );
}
