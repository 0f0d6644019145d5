/**
 * StatusRequestXML (src/carriers/carrier_d_reseller/README.md §10): each PIC's events as the emulator clock reveals them, with
 * the guide's status codes (G13 p.103): N label printed, A accepted at the origin post office
 * (4 h later), I in transit (each following day at noon), D delivered on the estimated day at
 * 14:00 local. A refunded label shows its refund (X); an unknown number answers StatusCode -1.
 */
import type { FastifyInstance } from 'fastify';
import { addBusinessDays, atLocal, daysUntil, formatLocal, localDate, utcOffsetMinutes } from '../calendar.js';
import { xmlElement, xmlList, xmlText } from '../../carriers/shared/xml.js';
import { authenticate, elsRoute, fail, type CarrierDResellerCtx } from './context.js';
import type { StoredLabel } from './state.js';

interface Event {
  at: Date;
  code: string;
  description: string;
  place: string;
  offset: number;
}

export function timeline(label: StoredLabel): Event[] {
  const origin = utcOffsetMinutes('US', label.fromZip);
  const dest = label.international ? utcOffsetMinutes(label.toCountry) : utcOffsetMinutes('US', label.toZip);
  const where = (zip: string) => `ZIP ${zip}`;
  const events: Event[] = [
    {
      at: label.printedAt,
      code: 'N',
      description: 'Shipping Label Created, USPS Awaiting Item',
      place: where(label.fromZip),
      offset: origin,
    },
  ];
  if (label.refundedAt) {
    events.push({
      at: label.refundedAt,
      code: 'X',
      description: 'Label refunded: postage returned to the account',
      place: where(label.fromZip),
      offset: origin,
    });
    return events;
  }
  const accepted = new Date(label.printedAt.getTime() + 4 * 3600_000);
  events.push({
    at: accepted,
    code: 'A',
    description: 'Accepted at USPS Origin Facility',
    place: where(label.fromZip),
    offset: origin,
  });
  const shipDay = localDate(accepted, origin);
  const deliveryDay = addBusinessDays(shipDay, label.transitDays);
  for (const day of daysUntil(addBusinessDays(shipDay, 1), deliveryDay, (d) => addBusinessDays(d, 1))) {
    events.push({
      at: atLocal(day, '12:00', origin),
      code: 'I',
      description: 'In Transit to Next Facility',
      place: 'USPS Network Distribution Center',
      offset: origin,
    });
  }
  events.push({
    at: atLocal(deliveryDay, '14:00', dest),
    code: 'D',
    description: 'Delivered, In/At Mailbox',
    place: label.international ? label.toCountry : where(label.toZip),
    offset: dest,
  });
  return events;
}

export function registerTrackRoutes(app: FastifyInstance, ctx: CarrierDResellerCtx): void {
  // W21 requires PackageStatusResponse's CompleteDataSet attribute: the emulator always answers every event.
  const complete = { '@_CompleteDataSet': 'true' };
  const route = {
    operation: 'track' as const,
    path: 'StatusRequestXML',
    field: 'packageStatusRequestXML',
    root: 'PackageStatusRequest',
    responseRoot: 'PackageStatusResponse',
    errorExtras: complete,
  };
  elsRoute(app, ctx, route, (root) => {
    const account = authenticate(ctx, root, false);
    const pics = xmlList(xmlElement(root.PicNumbers)?.PicNumber)
      .map(xmlText)
      .filter((p): p is string => p !== undefined);
    if (pics.length === 0) throw fail.missing('PicNumbers');
    const now = ctx.clock.now();
    const responses = pics.map((pic) => {
      const label = ctx.state.labels.get(pic);
      const events = label && label.accountId === account.accountId ? timeline(label).filter((e) => e.at <= now) : [];
      const list =
        events.length === 0
          ? [
              {
                StatusCode: '-1',
                StatusDescription: `The tracking number ${pic} was not found.`,
                EventDateTime: '',
                TrackingSummary: '',
              },
            ]
          : events.reverse().map((e) => ({
              StatusCode: e.code,
              StatusDescription: e.description,
              EventDateTime: formatLocal(e.at, e.offset),
              TrackingSummary: `${e.description}, ${e.place}`,
            }));
      return {
        PicNumber: pic,
        PieceId: '',
        TransactionID: String(label?.transactionId ?? 0),
        PackageStatusEventList: { StatusEventList: list },
      };
    });
    return {
      ...complete,
      Status: '0',
      RequesterID: xmlText(root.RequesterID),
      RequestID: xmlText(root.RequestID) ?? '',
      PackageStatus: { StatusResponse: responses },
    };
  });
}
