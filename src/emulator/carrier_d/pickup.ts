/**
 * carrier_d carrier pickups (carrier-pickup.yaml): `POST /pickup/v3/carrier-pickup` → the pickup
 * with its confirmationNumber (fixtures/pickup_PickupResponse.json); `GET …/{confirmationNumber}`
 * → the pickup with an ETag header; `DELETE …/{confirmationNumber}` with `If-Match` of that ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isIsoDate } from '../calendar.js';
import { arr, isObject, num, str } from '../json.js';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';

export function registerPickupRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  app.post('/pickup/v3/carrier-pickup', ctx.tag('pickup'), async (request) => {
    const body = isObject(request.body) ? request.body : {};
    const date = str(body.pickupDate);
    if (!date || !isIsoDate(date)) throw new UspsFailure(400, [errors.missing('pickupDate')]);
    if (date < ctx.clock.now().toISOString().slice(0, 10))
      throw new UspsFailure(400, [errors.invalid('pickupDate', 'The pickup date cannot be in the past.')]);
    const address =
      isObject(body.pickupAddress) && isObject(body.pickupAddress.address) ? body.pickupAddress.address : undefined;
    if (
      !address ||
      !str(address.streetAddress) ||
      !(str(address.ZIPCode) || (str(address.city) && str(address.state)))
    ) {
      throw new UspsFailure(400, [errors.missing('pickupAddress.address')]);
    }
    const packages = (arr(body.packages) ?? []).filter(isObject);
    if (packages.length === 0 || packages.some((p) => !str(p.packageType) || (num(p.packageCount) ?? 0) < 1)) {
      throw new UspsFailure(400, [errors.missing('packages')]);
    }
    if (num(body.estimatedWeight) === undefined) throw new UspsFailure(400, [errors.missing('estimatedWeight')]);
    const confirmationNumber = ctx.state.nextPickup();
    const etag = createHash('sha1').update(`${confirmationNumber}:1`).digest('hex');
    ctx.state.pickups.set(confirmationNumber, { confirmationNumber, pickupDate: date, etag, body, cancelled: false });
    return { confirmationNumber, pickupDate: date, carrierPickupRequest: body };
  });

  app.get('/pickup/v3/carrier-pickup/:confirmationNumber', ctx.tag('pickup_cancel'), async (request, reply) => {
    const n = (request.params as { confirmationNumber: string }).confirmationNumber;
    const pickup = ctx.state.pickups.get(n);
    if (!pickup) throw new UspsFailure(404, [errors.notFound('confirmationNumber', 'Carrier pickup not found')]);
    // A list of the pickup's confirmations, as carrier-pickup.yaml answers a GET.
    return reply
      .header('etag', pickup.etag)
      .send([{ confirmationNumber: n, pickupDate: pickup.pickupDate, carrierPickupRequest: pickup.body }]);
  });

  app.delete('/pickup/v3/carrier-pickup/:confirmationNumber', ctx.tag('pickup_cancel'), async (request, reply) => {
    const n = (request.params as { confirmationNumber: string }).confirmationNumber;
    const pickup = ctx.state.pickups.get(n);
    if (!pickup) throw new UspsFailure(404, [errors.notFound('confirmationNumber', 'Carrier pickup not found')]);
    if (pickup.cancelled) throw new UspsFailure(400, [errors.pickupCancelled()]);
    if (request.headers['if-match'] !== pickup.etag) throw new UspsFailure(412, [errors.etagMismatch()]);
    pickup.cancelled = true;
    return reply.code(200).send();
  });
}
