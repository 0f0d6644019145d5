/** What the portal's use cases are handed, once, by their face (portal.ts), and the link's stored data. */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { Clock } from '../../foundations/clock.js';
import type { TtlCache } from '../../foundations/ttl-cache.js';
import type { PortalLine, PortalMethod } from '../../contract/portal.js';
import type { Address } from '../../domain/types.js';
import type { Db } from '../../storage/database.js';
import type { BrandingService } from '../branding/index.js';
import type { SignedLinks } from '../kernel/index.js';
import type { ReturnMethodsService } from './methods.js';
import type { ReturnsService } from './returns.js';

export interface PortalDeps {
  db: Db;
  links: SignedLinks;
  clock: Clock;
  returns: ReturnsService;
  returnMethods: ReturnMethodsService;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  /** The merchant's name, colour and logo, shown above the order. */
  branding: Pick<BrandingService, 'merchant'>;
}

/** The deps and what the face keeps for the portal across requests on this instance. */
export interface PortalState extends PortalDeps {
  /** A portal's methods with their drop-off search, for a while (portal-page.ts). */
  optionsCache: TtlCache<PortalMethod[]>;
  /** One submission per link at a time (portal-return.ts). */
  oneAtATime: <T>(key: string, fn: () => Promise<T>) => Promise<T>;
}

/** What a link stands for, stored with it: the order's customer and lines, and what the customer may choose. */
export interface LinkData {
  customer: Address;
  lines: PortalLine[];
  return_methods?: string[];
  reasons: string[];
  currency?: string;
  weight_units?: string;
  dim_units?: string;
}
