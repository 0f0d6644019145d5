/**
 * `POST /track/v1/trackingnumbers` (vendor/track.json, "Track by Tracking Number"). One
 * completeTrackResults[] entry per trackingInfo[] entry, shaped like fixtures/tracking_TrackingResponse.json:
 * trackResults[] with trackingNumberInfo, latestStatusDetail, dateAndTimes (SHIP, ACTUAL_PICKUP,
 * ESTIMATED_DELIVERY or ACTUAL_DELIVERY), scanEvents newest first (when includeDetailedScans, the
 * default here), packageDetails, deliveryDetails (receivedByName once delivered) and serviceDetail.
 * Unknown numbers get the per-result TRACKING.TRACKINGNUMBER.NOTFOUND error; an empty request the
 * 400 TRACKING.TRACKINGNUMBER.EMPTY (fixtures/tracking_ErrorResponse.json). FedEx tracks at most 30
 * numbers per request.
 */
import type { FastifyInstance } from 'fastify';
import { formatLocal, formatOffset } from '../calendar.js';
import { arr, at, str } from '../json.js';
import { peek } from '../state-changes.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure } from './errors.js';
import { LB_PER_KG } from './prices.js';
import { serviceByType } from './services.js';
import type { Party } from './request.js';
import type { StoredShipment } from './state.js';
import {
  destinationOffset,
  estimatedDelivery,
  eventsUntil,
  hubFor,
  originOffset,
  pickupTime,
  type PlannedEvent,
} from './timeline.js';

const MAX_NUMBERS = 30;

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  NL: 'Netherlands',
  BE: 'Belgium',
  IT: 'Italy',
  ES: 'Spain',
  IE: 'Ireland',
  AT: 'Austria',
  CH: 'Switzerland',
  PL: 'Poland',
  SE: 'Sweden',
  DK: 'Denmark',
  JP: 'Japan',
  CN: 'China',
  AU: 'Australia',
  BR: 'Brazil',
};

function address(
  place: { city?: string; stateOrProvinceCode?: string; postalCode?: string; countryCode: string },
  residential = false,
) {
  return {
    ...(place.city ? { city: place.city.toUpperCase() } : {}),
    ...(place.stateOrProvinceCode ? { stateOrProvinceCode: place.stateOrProvinceCode } : {}),
    ...(place.postalCode ? { postalCode: place.postalCode } : {}),
    countryCode: place.countryCode,
    residential,
    ...(COUNTRY_NAMES[place.countryCode] ? { countryName: COUNTRY_NAMES[place.countryCode] } : {}),
  };
}

function placeOf(shipment: StoredShipment, e: PlannedEvent): { location: ReturnType<typeof address>; offset: number } {
  switch (e.place) {
    case 'customer':
      return {
        location: address({ postalCode: shipment.shipper.postalCode, countryCode: shipment.shipper.countryCode }),
        offset: originOffset(shipment),
      };
    case 'origin':
      return { location: address(shipment.shipper), offset: originOffset(shipment) };
    case 'hub': {
      const hub = hubFor(shipment);
      return { location: address(hub), offset: hub.offset };
    }
    case 'destination':
      return { location: address(shipment.recipient), offset: destinationOffset(shipment) };
  }
}

function receivedBy(recipient: Party): string {
  const last = recipient.personName?.split(/\s+/).pop();
  return (last ?? recipient.companyName ?? 'FRONT DESK').toUpperCase();
}

export function trackResult(shipment: StoredShipment, trackingNumber: string, now: Date, detailed: boolean) {
  const service = serviceByType(shipment.serviceType);
  const events = eventsUntil(shipment, now);
  const latest = events[events.length - 1];
  const latestPlace = latest ? placeOf(shipment, latest) : undefined;
  const delivered = latest?.eventType === 'DL';
  const cancelled = latest?.eventType === 'CA';
  const pickedUp = now.getTime() >= pickupTime(shipment).getTime() && !cancelled;
  const pkg = shipment.packages.find((p) => p.trackingNumber === trackingNumber);
  const lb = pkg ? (pkg.weight.units === 'KG' ? pkg.weight.value * LB_PER_KG : pkg.weight.value) : 0;
  const originOff = originOffset(shipment);
  const destOff = destinationOffset(shipment);
  const estimated = formatLocal(estimatedDelivery(shipment), destOff);
  const dates = [
    ...(delivered && latest ? [{ type: 'ACTUAL_DELIVERY', dateTime: formatLocal(latest.at, destOff) }] : []),
    ...(!delivered && !cancelled ? [{ type: 'ESTIMATED_DELIVERY', dateTime: estimated }] : []),
    ...(pickedUp ? [{ type: 'ACTUAL_PICKUP', dateTime: formatLocal(pickupTime(shipment), originOff) }] : []),
    { type: 'SHIP', dateTime: `${shipment.shipDate}T00:00:00${formatOffset(originOff)}` },
  ];
  const commitMessage = cancelled
    ? { message: 'This shipment has been cancelled by the sender.', type: 'CANCELLED_DESCRIPTION' }
    : latest?.eventType === 'OC'
      ? { message: 'The delivery date may be updated when FedEx receives the package.', type: 'SHIPMENT_LABEL_CREATED' }
      : undefined;
  return {
    trackingNumberInfo: {
      trackingNumber,
      trackingNumberUniqueId: `12026~${trackingNumber}~${service?.carrierCode === 'FDXG' ? 'FDEG' : 'FX'}`,
      carrierCode: service?.carrierCode ?? 'FDXE',
    },
    additionalTrackingInfo: {
      nickname: '',
      packageIdentifiers: [],
      hasAssociatedShipments: shipment.packages.length > 1,
    },
    shipperInformation: { address: address(shipment.shipper) },
    recipientInformation: { address: address(shipment.recipient, shipment.recipient.residential) },
    latestStatusDetail: latest
      ? {
          code: latest.eventType,
          derivedCode: latest.derivedStatusCode,
          statusByLocale: latest.derivedStatus,
          description: latest.eventDescription,
          ...(latestPlace ? { scanLocation: latestPlace.location } : {}),
        }
      : {},
    dateAndTimes: dates,
    availableImages: delivered ? [{ type: 'SIGNATURE_PROOF_OF_DELIVERY' }] : [],
    packageDetails: {
      packagingDescription: {
        type: shipment.packagingType,
        description: shipment.packagingType === 'YOUR_PACKAGING' ? 'Your Packaging' : shipment.packagingType,
      },
      physicalPackagingType: 'PACKAGE',
      sequenceNumber: String(pkg?.sequenceNumber ?? 1),
      count: String(shipment.packages.length),
      weightAndDimensions: {
        weight: [
          { value: lb.toFixed(1), unit: 'LB' },
          { value: (lb / LB_PER_KG).toFixed(2), unit: 'KG' },
        ],
        ...(pkg?.dimensions ? { dimensions: [pkg.dimensions] } : {}),
      },
      packageContent: [],
    },
    shipmentDetails: { possessionStatus: pickedUp },
    scanEvents: detailed
      ? [...events].reverse().map((e) => {
          const place = placeOf(shipment, e);
          return {
            date: formatLocal(e.at, place.offset),
            eventType: e.eventType,
            eventDescription: e.eventDescription,
            exceptionCode: '',
            exceptionDescription: '',
            scanLocation: place.location,
            locationType: e.locationType,
            derivedStatusCode: e.derivedStatusCode,
            derivedStatus: e.derivedStatus,
          };
        })
      : [],
    availableNotifications: ['ON_DELIVERY', 'ON_EXCEPTION', 'ON_ESTIMATED_DELIVERY'],
    deliveryDetails: delivered
      ? {
          actualDeliveryAddress: address(shipment.recipient, shipment.recipient.residential),
          locationType: shipment.recipient.residential ? 'RESIDENCE' : 'SHIPPING_RECEIVING',
          locationDescription: shipment.recipient.residential ? 'Residence' : 'Shipping/Receiving',
          deliveryAttempts: '0',
          receivedByName: receivedBy(shipment.recipient),
          deliveryOptionEligibilityDetails: [],
        }
      : { deliveryAttempts: '0', deliveryOptionEligibilityDetails: [] },
    originLocation: { locationContactAndAddress: { address: address(shipment.shipper) } },
    lastUpdatedDestinationAddress: address(shipment.recipient, shipment.recipient.residential),
    ...(commitMessage ? { serviceCommitMessage: commitMessage } : {}),
    serviceDetail: {
      type: shipment.serviceType,
      description: service?.name.replace(/®/g, '') ?? shipment.serviceType,
      shortDescription: service?.code ?? '',
    },
    standardTransitTimeWindow: { window: { ends: estimated } },
    estimatedDeliveryTimeWindow: delivered || cancelled ? { window: {} } : { window: { ends: estimated } },
    goodsClassificationCode: '',
    returnDetail: {},
  };
}

function notFound(trackingNumber: string) {
  return {
    trackingNumber,
    trackResults: [
      {
        trackingNumberInfo: { trackingNumber, trackingNumberUniqueId: '', carrierCode: '' },
        error: {
          code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
          message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
        },
      },
    ],
  };
}

export function registerTrackRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  app.post('/track/v1/trackingnumbers', ctx.tag('track'), async (request) => {
    const body = request.body;
    const infos = arr(at(body, 'trackingInfo')) ?? [];
    const numbers = infos.map((info) => str(at(info, 'trackingNumberInfo.trackingNumber')));
    if (numbers.length === 0 || numbers.some((n) => n === undefined))
      throw new FedexFailure(400, [errors.trackingEmpty()]);
    if (numbers.length > MAX_NUMBERS) throw new FedexFailure(400, [errors.trackingLimit()]);
    const flag = at(body, 'includeDetailedScans');
    if (flag !== undefined && typeof flag !== 'boolean')
      throw new FedexFailure(400, [errors.invalidInput('includeDetailedScans')]);
    const now = ctx.clock.now();
    let missing = false;
    const results = numbers.map((n) => {
      const trackingNumber = n ?? '';
      // Read, never changed here: nothing of a track call is written to the state's journal.
      const shipment = peek(ctx.state.shipments, trackingNumber);
      if (!shipment || shipment.bookedAt.getTime() > now.getTime()) {
        missing = true;
        return notFound(trackingNumber);
      }
      return { trackingNumber, trackResults: [trackResult(shipment, trackingNumber, now, flag !== false)] };
    });
    // The recorded reply carries this alert, as a string, when a number was not found.
    return ctx.envelope(request, {
      completeTrackResults: results,
      ...(missing ? { alerts: 'TRACKING.DATA.NOTFOUND -  Tracking data unavailable' } : {}),
    });
  });
}
