/**
 * The API's answers as the console reads them: the generated client's types (packages/client,
 * made from the service's OpenAPI document), named for the pages, never restated here.
 */
import type { components } from '../../packages/client/src/schema';
import type { Answer, Body, QueryParams } from '../../packages/client/src/types';

export type { Body, QueryParams };

export type Address = components['schemas']['Address'];
/** The address fields the console's forms edit, each as the text typed. */
export const ADDRESS_FIELDS = [
  'name',
  'company',
  'street1',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
] as const satisfies readonly (keyof Address)[];
export type AddressForm = { [K in (typeof ADDRESS_FIELDS)[number]]?: string };
export type Shipment = Answer<'getShipment'>['shipment'];
export type Tracking = NonNullable<Shipment['tracking']>;
export type Checkpoint = NonNullable<Tracking['checkpoints']>[number];
export type Costs = NonNullable<Shipment['costs']>;
export type Account = Answer<'getShippingAccount'>['shipping_account'];
type Defaults = components['schemas']['Defaults'];
export type WeightUnit = NonNullable<Defaults['weight_units']>;
export type DimUnit = NonNullable<Defaults['dim_units']>;
export type Currency = NonNullable<Defaults['currency']>;
export type CarrierMeta = Answer<'listCarriers'>['carriers'][number];
export type Rate = Answer<'rateShipment'>['rates'][number];
export type Endpoint = Answer<'getWebhook'>['webhook'];
export type Delivery = Answer<'listWebhookDeliveries'>['deliveries'][number];
export type Batch = Answer<'getBatch'>['batch'];
export type BatchPreview = Answer<'previewBatch'>['preview'];
export type BatchRow = Answer<'listBatchShipments'>[number];
export type Branding = Answer<'getBranding'>['branding'];
/** An entry of GET /audit. */
export type AuditEntry = Answer<'listAudit'>[number];

/** GET /me: who is signed in and what they may do. */
export type Me = Answer<'getMe'>['me'];
export type User = NonNullable<Me['user']>;
export type Permission = Me['permissions'][number];

export const ROLES = ['owner', 'admin', 'shipper', 'viewer'] as const satisfies readonly User['role'][];
export type Role = (typeof ROLES)[number];
/** An API key as GET /keys lists it; the one just made (POST /keys) carries its secret, once. */
export type Key = Answer<'listKeys'>['keys'][number];
export type MadeKey = Answer<'createKey'>['key'];
export type KeyScope = Body<'createKey'>['key']['scope'];
/** What an endpoint hears: an event type, or '*' for all. */
export type Subscribed = Body<'createWebhook'>['webhook']['events'][number];
export type ApiEvent = Answer<'listEvents'>['events'][number];
export type EventType = NonNullable<QueryParams<'listEvents'>['type']>;
export type Pickup = Answer<'getPickup'>['pickup'];
export type Return = Answer<'getReturn'>;
export type ReturnMethod = Answer<'listReturnMethods'>['return_methods'][number];
export type MethodType = Body<'createReturnMethod'>['return_method']['type'];
export type PriceList = Answer<'getPriceList'>['price_list'];
export type Invited = Answer<'inviteUser'>;
