/**
 * The public tracking page's data: a signed tracking link names a stored shipment; its tracking
 * comes through the tracking service, so the cache and its freshness rules are those of POST /track
 * and a page view costs at most the carrier call /track would make. What the recipient sees is the
 * journey only: no name, street, phone, e-mail or signature.
 */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { TrackingPage } from '../../contract/portal.js';
import type { Checkpoint, TrackingResult } from '../../domain/types.js';
import type { Log } from '../../foundations/logger.js';
import type { Db } from '../../storage/database.js';
import * as shipments from '../../storage/repositories/shipments.js';
import type { BrandingService } from '../branding/index.js';
import type { SignedLinks } from '../kernel/index.js';
import { decodeBooking } from '../kernel/index.js';
import type { createTrackingService } from './tracking.js';

export interface PublicTrackingDeps {
  db: Db;
  links: SignedLinks;
  tracking: Pick<ReturnType<typeof createTrackingService>, 'track'>;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  /** The merchant's name, colour and logo, shown above the journey. */
  branding: Pick<BrandingService, 'merchant'>;
}

function checkpoint(c: Checkpoint): TrackingPage['checkpoints'][number] {
  const l = c.location;
  const place = l
    ? {
        ...(l.city ? { city: l.city } : {}),
        ...(l.state ? { state: l.state } : {}),
        ...(l.country ? { country: l.country } : {}),
      }
    : {};
  return {
    time: c.time,
    description: c.description,
    tracking_stage: c.tracking_stage,
    ...(Object.keys(place).length > 0 ? { location: place } : {}),
  };
}

export function createPublicTracking(deps: PublicTrackingDeps) {
  const { db, links } = deps;

  async function open(token: string) {
    const t = links.parseToken('tracking', token);
    const row = await shipments.getShipmentById(db, t.id);
    if (!row) throw links.notFound('tracking');
    links.verify('tracking', row.tenant, row.id, t);
    return row;
  }

  async function page(token: string, log: Log): Promise<TrackingPage> {
    const row = await open(token);
    const result: TrackingResult = await deps.tracking.track(
      row.tenant,
      {
        shipping_account: row.shipping_account_id,
        tracking_number: row.tracking_number,
        ...(row.test ? { test: true } : {}),
      },
      log,
    );
    // The carrier's estimate when it has one, else the one given when the label was booked.
    const booked = decodeBooking(row.response, row.id);
    // A voided shipment is not coming: it has no estimate to show.
    const voided = row.status === 'voided' || result.tracking_stage === 'SHIPMENT_VOIDED';
    const estimate = voided ? undefined : (result.estimated_delivery ?? booked.estimated_date);
    const merchant = await deps.branding.merchant(row.tenant);
    return {
      ...(merchant ? { merchant } : {}),
      carrier: row.carrier,
      carrier_name: deps.declarations[row.carrier as CarrierSlug]?.name ?? row.carrier,
      ...(row.service !== null ? { service: row.service } : {}),
      tracking_number: row.tracking_number,
      tracking_stage: result.tracking_stage,
      status: result.status,
      delivered: result.delivered,
      ...(result.delivery_date ? { delivery_date: result.delivery_date } : {}),
      ...(estimate ? { estimated_delivery: estimate } : {}),
      checkpoints: (result.checkpoints ?? []).map(checkpoint),
    };
  }

  /** Throws as the page's data would for a tampered or expired link; no carrier call. */
  async function check(token: string): Promise<void> {
    await open(token);
  }

  return { page, check };
}
