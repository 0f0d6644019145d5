/**
 * The contract between the services and each carrier. A carrier is one typed declaration
 * (what it is and supports) plus an adapter (how it does it). An operation the adapter
 * leaves undefined is answered with carrier_unsupported_method by the services.
 */
import type { TProperties } from 'typebox';
import type { Log } from '../foundations/logger.js';
import type {
  Address,
  AddressValidation,
  BookedShipment,
  CancelResult,
  DropoffLocation,
  FoundBooking,
  LocationsRequest,
  ManifestRequest,
  ManifestResult,
  PickupAvailabilityRequest,
  PickupCancelRequest,
  PickupConfirmation,
  PickupRequest,
  PickupSlot,
  Rate,
  ShipmentRequest,
  TrackingResult,
} from '../domain/types.js';
import type { CarrierCatalog } from '../domain/catalog.js';
import type { Transport } from './shared/transport.js';
import type { TokenStore } from './shared/oauth.js';
import type { LabelWork } from '../documents/index.js';
import type { Clock } from '../foundations/clock.js';
import type { ApiError } from '../domain/errors.js';

/**
 * The registered carriers by slug. Empty here: declarations.ts fills it from the registry (module
 * augmentation), so that this contract, which every carrier folder imports, imports no carrier.
 */
export interface CarrierRegistry {}
export type CarrierSlug = keyof CarrierRegistry & string;

/** The operations of the spec's "Operations supported per carrier" table. */
export const OPERATIONS = [
  'shipping_account',
  'ship',
  'rate',
  'track',
  'cancel',
  'pickup',
  'dopu',
  'pickup_availability',
  'manifest',
  'validate_credentials',
  'webhook',
  'validate_address',
  // Beyond the spec's table: the carrier finds a booking by the reference Waybill gave it
  // (ShipmentRequest.waybill_reference), so a booking whose answer was lost is settled, not guessed.
  'lookup_reference',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface AuthMembers {
  required: readonly string[];
  optional: readonly string[];
  /** Members masked on every read after creation. */
  secret: readonly string[];
  /** Values test accounts give members with a closed set of values (any other value is taken as is). */
  testValues?: Readonly<Record<string, string>>;
  /**
   * The id and secret members the carrier authenticates a caller by (an OAuth client, a user and
   * password), in the order the adapter prefers them; the emulator knows credentials as such pairs.
   */
  pairs: ReadonlyArray<readonly [id: string, secret: string]>;
}

export interface CarrierDeclaration {
  slug: CarrierSlug;
  /** Human name of the carrier kind, never a brand. */
  name: string;
  /** What the carrier supports per the spec table (not what this build has implemented yet). */
  operations: readonly Operation[];
  /** The neutral mark GET /logos/{slug}.svg draws: one to three letters on a badge, never a brand. */
  logo: { text: string };
  auth: AuthMembers;
  catalog: CarrierCatalog;
  /** Base URLs of the carrier's own API. */
  hosts: { live: string; test: string };
  /** Address members the carrier needs in sender and recipient to rate (spec "Required fields by context"). */
  rateAddressFields?: readonly string[];
  /** Address members the carrier needs in sender and recipient to book (default: name, street1, city, country). */
  shipAddressFields?: readonly string[];
  /**
   * The carrier's labels can be handed in at any of its retail counters without a location search
   * (a postage reseller's labels at the post office): return methods may then be drop-off without dopu.
   */
  retailDropOff?: boolean;
  /** The carrier sells postage in advance: GET and POST /shippingaccount/{id}/balance work for it. */
  prepaidPostage?: boolean;
  /** How often webhook tracking polls a shipment (tighter while out for delivery). */
  trackingPollMs: number;
  /** How many numbers one tracking call may carry (adapters with `trackMany`). */
  trackBatchSize?: number;
  /**
   * Why an operation outside `operations` is missing and what to do instead, for the
   * carrier_unsupported_method message (e.g. a carrier without shipment cancellation).
   */
  unsupportedNotes?: Partial<Record<Operation, string>>;
  /**
   * Settings the operator configures for the carrier besides account credentials (e.g. an id of
   * the operator's own), read from WAYBILL_<SLUG>_<SETTING> and handed to the adapter.
   */
  operatorSettings?: readonly string[];
  /** A domestic service of the catalog that /openapi.json's request examples book with this carrier (their addresses are in the US). */
  exampleService?: string;
  /**
   * End-of-day forms (POST /manifest). `listsLabels`: the carrier forms only the labels named in the
   * request, so without tracking_numbers the service names the day's unmanifested labels it stored.
   * `needsOrigin`: the form needs the address the mail is handed over from (billing_address, else the
   * sender the labels on the form share).
   */
  manifest?: { listsLabels?: boolean; needsOrigin?: boolean };
  /**
   * With `lookup_reference`: how long after a booking the carrier's lookup is sure to find it (its
   * search index lags its bookings); a booking not found sooner may still appear.
   */
  lookupDelayMs?: number;
  /** Whether one booking may carry several packages (default true); GET /meta/carrier/{slug}. */
  multiPackage?: boolean;
  /** `references[].type` values the carrier takes (spec "POST /rate", examples). */
  referenceTypes?: readonly string[];
  /** Members of `customs_items` entries the carrier reads (spec "POST /rate", examples). */
  customsFields?: readonly string[];
  /** `notifications[].type` values the carrier takes (spec "POST /rate", examples). */
  notificationTypes?: readonly string[];
  /**
   * Optional shipment members only this carrier reads (its fields.ts). The public schema accepts
   * every carrier's on every shipment; two carriers declaring one member must declare it alike.
   */
  shipmentFields?: TProperties;
  /** Optional `customs_items` entry members only this carrier reads, composed the same way. */
  customsItemFields?: TProperties;
}

/** Per carrier, the values of the settings its declaration names in `operatorSettings`. */
export type OperatorSettings = Partial<Record<CarrierSlug, Readonly<Record<string, string>>>>;

/** Where carrier calls go: the built-in emulator or the carriers' own hosts. */
export type CarrierMode = 'emulator' | 'live';

/** The operator's settings the carrier runtime reads (config.ts fills them from the environment). */
export interface CarrierSettings {
  carriers: {
    mode: CarrierMode;
    timeoutMs: number;
    /** Per-carrier base URL overrides: WAYBILL_<SLUG>_URL / WAYBILL_<SLUG>_TEST_URL. */
    urls: Partial<Record<CarrierSlug, { live?: string; test?: string }>>;
  };
  operator: OperatorSettings;
}

/** Everything an adapter needs for one call on behalf of one shipping account. */
export interface CarrierCall {
  /** Decrypted credentials of the shipping account (after parent inheritance). */
  auth: Readonly<Record<string, string>>;
  /** Use the carrier's test host. */
  test: boolean;
  /** Log the full carrier exchange (redacted). */
  debug: boolean;
  /** Country of the shipping account. */
  country: string;
  log: Log;
  /** Aborts the carrier request when the caller stops waiting (rate shopping's time budget). */
  signal?: AbortSignal | undefined;
  /**
   * Told once the carrier's answer is read, before it is decoded; the decoding then waits for the
   * next turn of the event loop but one, so that the call this frees a place for (a batch's next) is
   * written to its socket first.
   */
  answered?: () => void;
}

/** Facts about a stored shipment some carriers need to cancel it. */
export interface StoredShipmentRef {
  tracking_number: string;
  carrier_shipment_id?: string;
  service?: string;
  ship_date?: string;
}

export interface CarrierAdapter {
  readonly declaration: CarrierDeclaration;
  rate?(call: CarrierCall, req: ShipmentRequest): Promise<Rate[]>;
  ship?(call: CarrierCall, req: ShipmentRequest): Promise<BookedShipment>;
  track?(call: CarrierCall, trackingNumber: string): Promise<TrackingResult>;
  /**
   * Several numbers in one carrier call, at most `declaration.trackBatchSize`: one result or error
   * per number, in order. A failure of the whole call rejects.
   */
  trackMany?(call: CarrierCall, trackingNumbers: string[]): Promise<(TrackingResult | ApiError)[]>;
  cancel?(call: CarrierCall, shipment: StoredShipmentRef): Promise<CancelResult>;
  pickupAvailability?(call: CarrierCall, req: PickupAvailabilityRequest): Promise<PickupSlot[]>;
  pickup?(call: CarrierCall, req: PickupRequest): Promise<PickupConfirmation>;
  /** Cancels a pickup this service scheduled (POST /pickup/cancel, return voids). */
  cancelPickup?(call: CarrierCall, req: PickupCancelRequest): Promise<CancelResult>;
  locations?(call: CarrierCall, req: LocationsRequest): Promise<DropoffLocation[]>;
  manifest?(call: CarrierCall, req: ManifestRequest): Promise<ManifestResult>;
  /** Asks the carrier whether the credentials in `call.auth` are accepted. */
  validateCredentials?(call: CarrierCall): Promise<{ valid: boolean; message: string }>;
  /** Checks a postal address with the carrier's own address service. */
  validateAddress?(call: CarrierCall, address: Address): Promise<AddressValidation>;
  /**
   * The booking the carrier made with `req.waybill_reference`, or null when it has none. `bookedAt`:
   * when the booking call was made, which bounds the ship dates searched. Rejects with
   * `carrier_unsupported_method` when this booking cannot be looked up, and with `conflict` when the
   * carrier shows something under the reference that is not one booking Waybill can record
   * (services/kernel/booking-lookup.ts: never stored, never booked again).
   */
  lookupReference?(call: CarrierCall, req: ShipmentRequest, bookedAt: Date): Promise<FoundBooking | null>;
  /** Carriers with prepaid postage: what is left on the account. */
  postageBalance?(call: CarrierCall): Promise<PostageBalance>;
  /**
   * Buys postage with the carrier; an amount outside the carrier's limits is a schema_validation_error
   * before any call. Answers the balance after the purchase.
   */
  addPostage?(call: CarrierCall, amount: number, currency: string): Promise<PostageBalance>;
}

/** A prepaid postage balance, amount in the currency's decimal text. */
export interface PostageBalance {
  amount: string;
  currency: string;
}

/** What every carrier client is built from; passed in, never imported as a singleton. */
export interface CarrierDeps {
  transport: Transport;
  tokens: TokenStore;
  clock: Clock;
  /** Base URL for the call: the configured override, the emulator, or the declaration's host. */
  baseUrl(slug: CarrierSlug, test: boolean): string;
  /** Whether that base URL is the built-in carrier emulator (which plays every account as a sandbox one). */
  emulated?(slug: CarrierSlug, test: boolean): boolean;
  /** Operator settings some carriers need besides the account credentials (configuration). */
  operator?: OperatorSettings;
  /**
   * Label conversions some carriers need (PNG labels as PDF, PDF labels as PNG, PDFs merged), run
   * off the event loop. Handed in rather than called in the adapter: the work belongs to the
   * carrier that needs it (only it knows its API renders no PDF, or no PNG), the threads to the
   * process, which sizes and bounds them once for every carrier and for the services' own
   * combined labels.
   */
  labels: LabelWork;
}
