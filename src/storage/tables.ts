/**
 * Kysely table types. Portable choices for both SQLite and PostgreSQL: timestamps as ISO-8601 UTC
 * text (sorts correctly, no driver-specific date handling), booleans as 0/1 integers, JSON as text.
 */
import type { AuditLogTable, TenantsTable, UsageCountersTable } from './audit-tables.js';
import type { BatchesTable, BatchItemsTable } from './batch-tables.js';
import type { BookingIntentsTable, IdempotencyTable } from './idempotency-tables.js';
import type { BrandingTable } from './branding-tables.js';
import type { ApiKeysTable, InvitationsTable, SessionsTable, UsersTable } from './identity-tables.js';
import type { PortalLinksTable } from './portal-tables.js';
import type { PriceListsTable } from './price-list-tables.js';
import type { RateLimitsTable } from './rate-limit-tables.js';
import type { Generated } from 'kysely';

export interface ShippingAccountsTable {
  id: string;
  tenant: string;
  carrier: string;
  country: string;
  name: string | null;
  test: number;
  /** AES-256-GCM sealed JSON of the auth members; null for a sub-account that inherits them. */
  auth_sealed: string | null;
  billing_address: string | null;
  defaults: string;
  location_id: string | null;
  parent_id: string | null;
  created_at: string;
}

export interface ShipmentsTable {
  id: string;
  tenant: string;
  shipping_account_id: string;
  carrier: string;
  tracking_number: string;
  carrier_shipment_id: string | null;
  service: string | null;
  ship_date: string | null;
  test: number;
  /** booked | voided */
  status: string;
  /** The booking response as sent (labels as URLs), JSON. */
  response: string;
  created_at: string;
  voided_at: string | null;
  /** Copied from the record for GET /shipments filters: the recipient's name. */
  recipient_name: string | null;
  /** The reference values, each on its own line with a line break before and after. */
  reference_values: string | null;
  /** The tracking stage last seen (CREATED at booking, SHIPMENT_VOIDED once cancelled). */
  stage: string;
  /** The batch that booked it; absent on insert for shipments booked one by one. */
  batch_id?: string | null;
  /** The booking's sender as JSON (end-of-day forms take their origin from it); absent on older rows. */
  sender?: string | null;
  /** The end-of-day form the shipment's labels are on, once on one. */
  manifest_id?: string | null;
}

export interface LabelsTable {
  id: string;
  tenant: string;
  shipment_id: string;
  tracking_number: string | null;
  format: string;
  data: Uint8Array;
  created_at: string;
}

export interface TrackingCacheTable {
  tenant: string;
  carrier: string;
  tracking_number: string;
  test: number;
  stage: string;
  result: string;
  fetched_at: string;
}

export interface OAuthTokensTable {
  /** SHA-256 of carrier + host + client credentials: never the credentials themselves. */
  key: string;
  token_sealed: string | null;
  expires_at: string | null;
  /** Lease so that only one instance refreshes a credential set at a time. */
  lease_owner: string | null;
  lease_until: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  tenant: string;
  url: string;
  /** JSON array of event types, or ["*"]. */
  events: string;
  description: string | null;
  /** AES-256-GCM sealed signing secret. */
  secret_sealed: string;
  /** The secret before the last rotation, still signed with until previous_secret_until. */
  previous_secret_sealed: string | null;
  previous_secret_until: string | null;
  enabled: number;
  disabled_reason: string | null;
  /** First failed attempt since the last success; null while deliveries succeed. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventsTable {
  id: string;
  tenant: string;
  type: string;
  /** The event's `data`, JSON. */
  data: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  tenant: string;
  endpoint_id: string;
  event_id: string;
  /** pending | succeeded | failed */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  /** Worker holding the delivery while it is being sent, and until when. */
  lock_owner: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface TrackedShipmentsTable {
  tenant: string;
  shipping_account_id: string;
  tracking_number: string;
  carrier: string;
  test: number;
  stage: string | null;
  /** active | done */
  state: string;
  started_at: string;
  next_poll_at: string;
  locked_until: string | null;
  last_error: string | null;
}

export interface ReturnMethodsTable {
  id: string;
  tenant: string;
  shipping_account_id: string;
  carrier: string;
  method_name: string;
  /** drop_off | pickup */
  type: string;
  service: string;
  packaging: string | null;
  label_type: string | null;
  carrier_charge: number;
  customer_charge: number;
  return_charge: number;
  /** JSON of an Address: where its returns go; null: the account's billing address. */
  destination: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnsTable {
  id: string;
  tenant: string;
  return_method_id: string;
  /** The method's public record when the return was made, JSON. */
  method: string;
  customer_id: string;
  order_id: string | null;
  /** Addresses, lines and custom pairs as JSON. */
  customer: string;
  destination: string;
  return_lines: string;
  custom: string;
  shipping_account_id: string;
  carrier: string;
  test: number;
  shipment_id: string;
  tracking_number: string;
  reference_number: string;
  label_id: string;
  /** The shipment's tracking stage. */
  status: string;
  pickup_id: string | null;
  pickup_confirmation_number: string | null;
  pickup_location_code: string | null;
  pickup_date: string | null;
  /** SCHEDULED | CANCELLED */
  pickup_state: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnCustomTable {
  tenant: string;
  return_id: string;
  name: string;
  match: string;
  /** The return's created_at, for paging in list order from this table's index. */
  created_at: string;
}

export interface PickupsTable {
  id: string;
  tenant: string;
  shipping_account_id: string;
  carrier: string;
  confirmation_number: string;
  /** The carrier's location code, which some carriers need to cancel the pickup. */
  location_code: string | null;
  /** ISO date of the pickup. */
  pickup_date: string;
  test: number;
  /** scheduled | cancelled */
  status: string;
  /** The pickup as answered to POST /pickup, JSON. */
  record: string;
  created_at: string;
  cancelled_at: string | null;
}

export interface KeyCheckTable {
  /** One row, 'sealing'. */
  id: string;
  /** A known text sealed with the key of the instance that first started on this database. */
  sealed: string;
  created_at: string;
}

export interface Tables {
  api_keys: ApiKeysTable;
  shipping_accounts: ShippingAccountsTable;
  shipments: ShipmentsTable;
  labels: LabelsTable;
  idempotency: IdempotencyTable;
  booking_intents: BookingIntentsTable;
  tracking_cache: TrackingCacheTable;
  oauth_tokens: OAuthTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  tracked_shipments: TrackedShipmentsTable;
  return_methods: ReturnMethodsTable;
  returns: ReturnsTable;
  return_custom: ReturnCustomTable;
  pickups: PickupsTable;
  key_check: KeyCheckTable;
  portal_links: PortalLinksTable;
  batches: BatchesTable;
  batch_items: BatchItemsTable;
  rate_limits: RateLimitsTable;
  branding: BrandingTable;
  users: UsersTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  tenants: TenantsTable;
  usage_counters: UsageCountersTable;
  price_lists: PriceListsTable;
}

export type { Generated };
export type { AuditLogTable, TenantsTable, UsageCountersTable } from './audit-tables.js';
export type { BatchesTable, BatchItemsTable } from './batch-tables.js';
export type { BookingIntentsTable, IdempotencyTable } from './idempotency-tables.js';
export type { BrandingTable } from './branding-tables.js';
export type { ApiKeysTable, InvitationsTable, SessionsTable, UsersTable } from './identity-tables.js';
export type { PortalLinksTable } from './portal-tables.js';
export type { PriceListsTable } from './price-list-tables.js';
export type { RateLimitsTable } from './rate-limit-tables.js';
