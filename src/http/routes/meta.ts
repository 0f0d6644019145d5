import { Type } from 'typebox';
import type { CarrierDeclaration } from '../../carriers/carrier.js';
import { isCarrierSlug } from '../../carriers/declarations.js';
import { serviceEntries } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import { CarrierMeta } from '../../contract/meta.js';
import { errorResponses, ok } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

/** The catalog the validators use, exactly as they use it. */
function describeCarrier(d: CarrierDeclaration) {
  return {
    slug: d.slug,
    name: d.name,
    operations: [...d.operations],
    auth: { required: [...d.auth.required], optional: [...d.auth.optional] },
    services: [...d.catalog.services],
    service_details: serviceEntries(d.slug, d.catalog),
    packaging_types: [...d.catalog.packaging],
    label_types: [...d.catalog.labelTypes],
    special_services: [...d.catalog.specialServices],
    package_special_services: [...d.catalog.packageSpecialServices],
    prepaid_postage: d.prepaidPostage === true,
  };
}

export function registerMetaRoutes(app: App, { services }: RouteContext): void {
  app.get(
    '/meta/carriers',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'listCarriers',
        tags: ['meta'],
        summary: 'Every carrier: operations, credentials, catalogs',
        response: {
          200: ok(
            'Every carrier, as requests are checked against it',
            Type.Object({ carriers: Type.Array(CarrierMeta) }),
          ),
          ...errorResponses,
        },
      },
    },
    async () => ({ carriers: Object.values(services.declarations).map(describeCarrier) }),
  );

  app.get(
    '/meta/carriers/:slug',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getCarrier',
        tags: ['meta'],
        summary: 'One carrier',
        params: Type.Object({ slug: Type.String() }),
        response: {
          200: ok('The carrier, as requests are checked against it', Type.Object({ carrier: CarrierMeta })),
          ...errorResponses,
        },
      },
    },
    async (req) => {
      const { slug } = req.params;
      if (!isCarrierSlug(slug))
        throw new ApiError(
          'not_found',
          `No carrier ${slug}; known: ${Object.keys(services.declarations).join(', ')}`,
          slug,
        );
      return { carrier: describeCarrier(services.declarations[slug]) };
    },
  );
}
