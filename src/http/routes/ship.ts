import { BookingResponse, LabelBytes } from '../../contract/answers.js';
import { Type } from 'typebox';
import { ShipmentBody } from '../../contract/shipment.js';
import { IdParam } from '../../contract/shipping-account.js';
import { linkBase } from '../base-url.js';
import { errorResponse, errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const LabelQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20, description: 'of a signed URL: expiry, seconds since 1970' })),
  signature: Type.Optional(Type.String({ maxLength: 100, description: 'of a signed URL' })),
});

export function registerShipRoutes(app: App, { services, config, examples }: RouteContext): void {
  const base = linkBase(app, config);
  app.post(
    '/ship',
    {
      config: { permission: 'shipments.buy' },
      schema: {
        operationId: 'createShipment',
        tags: ['shipping'],
        summary: 'Book a shipment: labels and tracking numbers',
        body: withExamples(ShipmentBody, examples.createShipment),
        response: {
          200: ok(
            'The booked shipment: tracking numbers, costs, labels (signed links, or base64 when asked)',
            BookingResponse,
          ),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      // The claim is completed with the booking, in its transaction, with the bytes this route's
      // serializer makes of the answer (the same serializer makes the same bytes of it when it is
      // sent), so a replay is what was sent; a booking that may have happened keeps it in progress.
      const serialize = (answer: unknown) => String(reply.serialize(answer));
      return services.shipping.ship(req.tenant, req.body.shipment, {
        log: req.log,
        labelBaseUrl: base(),
        serialize,
        by: actedBy(req),
        ...(req.idempotency ? { claim: req.idempotency } : {}),
      });
    },
  );

  app.get(
    '/labels/:id',
    {
      config: { signedLink: true, permission: 'data.read' },
      schema: {
        operationId: 'getLabel',
        tags: ['shipping'],
        summary:
          'Label bytes with their content type: with the key, or with the signature and expiry of the URL a booking answered (no key)',
        params: IdParam,
        querystring: LabelQuery,
        response: { 200: LabelBytes, ...errorResponses, 410: errorResponse(410) },
      },
    },
    async (req, reply) => {
      // No tenant: the hook let the request through on its signature alone.
      const label = req.tenant
        ? await services.shipping.label(req.tenant, req.params.id)
        : await services.shipping.signedLabel(req.params.id, req.query);
      return reply
        .type(label.contentType)
        .header('content-disposition', `inline; filename="${req.params.id}.${label.format.toLowerCase()}"`)
        .send(Buffer.from(label.bytes));
    },
  );
}
