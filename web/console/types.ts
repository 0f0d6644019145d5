/** The API's answers as the console reads them (the parts it shows). */
export interface Address {
  name?: string;
  company?: string;
  street1?: string;
  street2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  phone?: string;
  email?: string;
}

export interface Costs {
  base_charge: string;
  surcharges: string;
  discounts: string;
  taxes: string;
  net_charge: string;
  currency: string;
}

export interface Checkpoint {
  time: string;
  description: string;
  status: string;
  tracking_stage: string;
  location?: { city?: string; state?: string; postal_code?: string; country?: string };
}

export interface Tracking {
  tracking_number: string;
  status: string;
  tracking_stage: string;
  delivered: boolean;
  delivery_date?: string;
  estimated_delivery?: string;
  signed_by?: string;
  checkpoints?: Checkpoint[];
}

export interface Shipment {
  id: string;
  carrier: string;
  shipping_account: string;
  service?: string;
  packaging: string;
  ship_date: string;
  test: boolean;
  type?: string;
  tracking_number: string;
  /** The customer's tracking page: a signed link that needs no key. */
  tracking_url?: string;
  label_type: string;
  costs?: Costs;
  packages: { tracking_number: string; label: string; label_type: string; weight?: number; length?: number; width?: number; height?: number; value?: number }[];
  combined_label?: string;
  references: { type: string; value: string }[];
  sender: Address;
  recipient: Address;
  estimated_date?: string;
  transit_days?: number;
  weight_units: string;
  dim_units: string;
  status: string;
  created: string;
  cancelled?: string;
  tracking?: Tracking;
}

export interface Account {
  id: string;
  name: string | null;
  carrier: string;
  country: string;
  auth: Record<string, string>;
  test: boolean;
  created: string;
  parent_shipping_account?: string;
  defaults: Record<string, string>;
  /** Where a CSV batch's rows ship from. */
  billing_address?: Address;
  weight_units: string | null;
  dim_units: string | null;
}

export interface CarrierMeta {
  slug: string;
  name: string;
  operations: string[];
  auth: { required: string[]; optional: string[] };
  services: string[];
  /** Every service with its name for people, sorted by name (GET /meta/carriers). */
  service_details?: { slug: string; name: string }[];
  packaging_types: string[];
  label_types: string[];
  /** Balances are asked only of accounts of carriers that sell postage in advance. */
  prepaid_postage?: boolean;
}

export interface Rate {
  service_type: string;
  service_name: string;
  total_cost: string;
  currency: string;
  transit_days?: number;
  estimated_date?: string;
}

/** Permission names as GET /me lists them (the service's domain/permissions.ts). */
export type Permission =
  | 'me'
  | 'data.read'
  | 'shipments.rate'
  | 'shipments.buy'
  | 'shipments.cancel'
  | 'batches.manage'
  | 'pickups.manage'
  | 'returns.manage'
  | 'accounts.manage'
  | 'webhooks.manage'
  | 'keys.manage'
  | 'users.manage'
  | 'users.owners'
  | 'billing.manage'
  | 'audit.read'
  | 'tenants.read'
  | 'tenants.manage'
  | 'usage.read';

/** An entry of GET /audit. */
export interface AuditEntry {
  id: string;
  at: string;
  actor: { kind: 'user' | 'key' | 'jwt' | 'operator' | 'anonymous' | 'platform'; id?: string; email?: string };
  action: string;
  resource: { type: string; id?: string };
  ip?: string;
  request_id?: string;
  changes?: Record<string, unknown>;
}

export const ROLES = ['owner', 'admin', 'shipper', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: string;
  email: string;
  name?: string;
  role: Role;
  status: 'invited' | 'active' | 'disabled';
  created: string;
  last_sign_in?: string;
}

/** GET /me: who is signed in and what they may do. */
export interface Me {
  tenant: string;
  actor: { kind: 'user' | 'key' | 'jwt'; id?: string; subject?: string };
  user?: User;
  role?: Role;
  scope?: string;
  permissions: Permission[];
  csrf_token?: string;
}
