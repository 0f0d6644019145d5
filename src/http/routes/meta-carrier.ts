/**
 * GET /meta/carrier/{slug}: one carrier described the way clients of the original interface read
 * it (a top-level object of field lists), built from the same declarations as GET /meta/carriers.
 */
import { Type } from 'typebox';
import type { CarrierDeclaration } from '../../carriers/carrier.js';
import { isCarrierSlug } from '../../carriers/declarations.js';
import { CarrierDescription } from '../../contract/meta.js';
import { splitLabelType } from '../../domain/catalog.js';
import { ApiError } from '../../domain/errors.js';
import { errorResponses, ok } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

/** `<slug>_2_day_am` → "2 Day Am", `PAPER_4X6` → "Paper 4X6". */
function humanName(slug: string, carrier: string): string {
  const bare = slug.startsWith(`${carrier}_`) ? slug.slice(carrier.length + 1) : slug;
  return bare
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

const field = (carrier: string, slug: string, extra: Partial<{ type: string; required: boolean }> = {}) => ({
  name: humanName(slug, carrier),
  slug,
  ...extra,
});

/** Label types grouped by format, each with its sizes (`PDF__PAPER_4X6` → PDF with size PAPER_4X6). */
function labelTypeFields(d: CarrierDeclaration) {
  const byFormat = new Map<string, string[]>();
  for (const lt of d.catalog.labelTypes) {
    const { format, size } = splitLabelType(lt);
    const sizes = byFormat.get(format) ?? [];
    if (size !== undefined) sizes.push(size);
    byFormat.set(format, sizes);
  }
  return [...byFormat].map(([format, sizes]) => ({
    name: format,
    slug: format,
    sizes,
    size_details: sizes.map((s) => ({ name: humanName(s, d.slug), slug: s })),
  }));
}

/** What a rate request needs (spec "POST /rate"); addresses per the carrier's rateAddressFields. */
function rateFields(d: CarrierDeclaration) {
  return [
    field(d.slug, 'shipping_account', { type: 'string', required: true }),
    field(d.slug, 'sender', { type: 'address', required: true }),
    field(d.slug, 'recipient', { type: 'address', required: true }),
    field(d.slug, 'packages', { type: 'packages', required: true }),
    field(d.slug, 'packaging', { type: 'string', required: true }),
    field(d.slug, 'dim_units', { type: 'string', required: true }),
    field(d.slug, 'weight_units', { type: 'string', required: true }),
    field(d.slug, 'service', { type: 'string', required: false }),
    field(d.slug, 'ship_date', { type: 'date', required: false }),
    field(d.slug, 'currency', { type: 'string', required: false }),
  ];
}

/** Spec "Address", required members of a shipping account's billing_address. */
const BILLING_REQUIRED = ['name', 'street1', 'city', 'country'];
const BILLING_OPTIONAL = ['company', 'street2', 'street3', 'state', 'postal_code', 'phone', 'email'];

export function describeCarrierForClients(d: CarrierDeclaration) {
  const list = (slugs: readonly string[] | undefined) => (slugs ?? []).map((s) => field(d.slug, s));
  return {
    slug: d.slug,
    display_name: d.name,
    multi_package: d.multiPackage !== false,
    servicetype_availability: d.operations.includes('rate'),
    operations: [...d.operations],
    rate: { fields: rateFields(d), service_type_field: 'service' },
    service_types: list(d.catalog.services),
    label_types: labelTypeFields(d),
    packaging_types: list(d.catalog.packaging),
    special_services: list(d.catalog.specialServices),
    package_special_services: list(d.catalog.packageSpecialServices),
    auth: [...d.auth.required, ...d.auth.optional].map((m) =>
      field(d.slug, m, {
        type: d.auth.secret.includes(m) ? 'password' : 'string',
        required: d.auth.required.includes(m),
      }),
    ),
    references: list(d.referenceTypes),
    customs: list(d.customsFields),
    notifications: list(d.notificationTypes),
    billing_fields: [
      ...BILLING_REQUIRED.map((m) => field(d.slug, m, { type: 'string', required: true })),
      ...BILLING_OPTIONAL.map((m) => field(d.slug, m, { type: 'string', required: false })),
    ],
    // The interface has no carrier-defined custom fields; the list is always there for clients that read it.
    custom_fields: [],
  };
}

export function registerCarrierDescriptionRoute(app: App, { services }: RouteContext): void {
  app.get(
    '/meta/carrier/:slug',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'describeCarrier',
        tags: ['meta'],
        summary: 'One carrier as clients of the original interface read it: field lists for every catalog',
        params: Type.Object({ slug: Type.String() }),
        response: { 200: ok('The carrier’s field lists', CarrierDescription), ...errorResponses },
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
      return describeCarrierForClients(services.declarations[slug]);
    },
  );
}
