/**
 * GET /shipments and GET /pickups: the tenant's stored bookings and pickups, filtered and paged,
 * and one of each with what happened since (a shipment's latest tracking result).
 */
import { ApiError } from '../../domain/errors.js';
import type { TrackingStage } from '../../domain/types.js';
import type { PickupsQuery, PickupView, ShipmentsQuery, ShipmentView } from '../../contract/lists.js';
import type { TrackingResultView } from '../../contract/answers.js';
import type { Static } from 'typebox';
import type { Db } from '../../storage/database.js';
import * as pickups from '../../storage/repositories/pickups.js';
import * as shipments from '../../storage/repositories/shipments.js';
import { getCached } from '../../storage/repositories/tracking-cache.js';
import { dateBounds, decodeBooking, paging } from '../kernel/index.js';
import type { SignedLinks } from '../kernel/index.js';

const search = (s: string | undefined) => (s === undefined || s.trim() === '' ? {} : { search: s.trim() });

/** A label link as stored with the booking: `<base>/labels/<id>?expires=…&signature=…`. */
const LABEL_LINK = /\/labels\/([A-Za-z0-9_-]{1,100})(?:\?|$)/;

/**
 * The stored booking answer with its links made afresh: label links and the tracking page link
 * expire, so a read days later hands out ones that work now, on this service's current base. A
 * voided shipment's labels get no new signature: their plain URL answers 410 label_voided.
 */
function shipmentView(row: shipments.ShipmentRow, links: SignedLinks, base: string): ShipmentView {
  const record = decodeBooking(row.response, row.id);
  const voided = row.status === 'voided';
  const relink = (label: string | undefined) => {
    const id = label !== undefined ? LABEL_LINK.exec(label)?.[1] : undefined;
    if (id === undefined) return label;
    return voided ? `${base}/labels/${id}` : links.labelUrl(base, row.tenant, id);
  };
  const packages = record.packages?.map((p) => ({
    ...p,
    ...(p.label !== undefined ? { label: relink(p.label) } : {}),
  }));
  return {
    ...record,
    ...(packages ? { packages } : {}),
    ...(record.combined_label !== undefined ? { combined_label: relink(record.combined_label) } : {}),
    tracking_url: links.trackingUrl(base, row.tenant, row.id),
    status: row.stage as TrackingStage,
    created: row.created_at,
    ...(row.voided_at ? { cancelled: row.voided_at } : {}),
  };
}

/** The pickup as POST /pickup answered it, stored beside its status. */
type PickupAnswer = Omit<PickupView, 'status'>;

function pickupView(row: pickups.PickupRow<PickupAnswer>): PickupView {
  return {
    ...row.record,
    status: row.status as PickupView['status'],
    ...(row.cancelled_at ? { cancelled: row.cancelled_at } : {}),
  };
}

export function createListingsService({ db, links }: { db: Db; links: SignedLinks }) {
  return {
    async listShipments(
      tenant: string,
      q: ShipmentsQuery,
      base: string,
    ): Promise<{ items: Omit<ShipmentView, 'shipping_documents'>[]; total: number }> {
      const filter: shipments.ShipmentFilter = {
        ...dateBounds(q),
        ...search(q.search),
        ...(q.carrier !== undefined ? { carrier: q.carrier } : {}),
        ...(q.shipping_account !== undefined ? { shipping_account: q.shipping_account } : {}),
        ...(q.batch !== undefined ? { batch: q.batch } : {}),
        ...(q.status !== undefined ? { stage: q.status } : {}),
      };
      const [rows, total] = await Promise.all([
        shipments.listShipments(db, tenant, filter, paging(q)),
        shipments.countShipments(db, tenant, filter),
      ]);
      return {
        items: rows.map((r) => {
          const { shipping_documents: _documents, ...rest } = shipmentView(r, links, base);
          return rest;
        }),
        total,
      };
    },

    async readShipment(
      tenant: string,
      id: string,
      base: string,
    ): Promise<ShipmentView & { tracking?: Static<typeof TrackingResultView> }> {
      const row = await shipments.getShipment(db, tenant, id);
      if (!row) throw new ApiError('not_found', `no shipment ${id}`, id);
      const cached = await getCached(db, tenant, row.carrier, row.tracking_number, row.test);
      return {
        ...shipmentView(row, links, base),
        ...(cached ? { tracking: cached.result } : {}),
      };
    },

    async listPickups(tenant: string, q: PickupsQuery): Promise<{ items: PickupView[]; total: number }> {
      const filter: pickups.PickupFilter = {
        ...dateBounds(q),
        ...search(q.search),
        ...(q.carrier !== undefined ? { carrier: q.carrier } : {}),
        ...(q.shipping_account !== undefined ? { shipping_account: q.shipping_account } : {}),
        ...(q.status !== undefined ? { status: q.status } : {}),
      };
      const [rows, total] = await Promise.all([
        pickups.listPickups<PickupAnswer>(db, tenant, filter, paging(q)),
        pickups.countPickups(db, tenant, filter),
      ]);
      return { items: rows.map(pickupView), total };
    },

    async readPickup(tenant: string, id: string): Promise<PickupView> {
      const row = await pickups.getPickup<PickupAnswer>(db, tenant, id);
      if (!row) throw new ApiError('not_found', `no pickup ${id}`, id);
      return pickupView(row);
    },
  };
}
