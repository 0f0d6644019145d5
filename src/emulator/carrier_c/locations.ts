/**
 * MyDHL service points: `GET /servicepoints` answers like the vendor file's examples
 * (`{ status: { statusCode: 1, statusMessage: "OK" }, searchAddress, servicePoints: [...] }`). The
 * emulator has no map: it places three service points near the searched address, deterministically
 * from the address text, open Monday to Friday (and Saturday mornings for the first). Without
 * countryCode (or latitude and longitude) it answers statusCode 101 "Mandatory parameter is missing".
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { str } from '../json.js';
import type { CarrierCCtx } from './context.js';

const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

function status(statusCode: number, statusMessage: string) {
  return {
    status: { statusCode, statusMessage },
    searchAddress: null,
    searchLocation: null,
    servicePoints: null,
    messages: null,
    liteMode: false,
  };
}

export function registerLocationRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  app.get('/servicepoints', ctx.tag('locations'), async (request) => {
    const q = request.query as Record<string, unknown>;
    const country = str(q.countryCode);
    if (!country && !(str(q.latitude) && str(q.longitude)))
      return status(101, 'Error: Mandatory parameter is missing or empty: countryCode or longitude and latitude');
    const maxDistance = str(q.maxDistance);
    if (maxDistance !== undefined && !/^-?\d+$/.test(maxDistance))
      return status(100, 'Error: Invalid parameter: maxDistance, specified value is not an integer.');
    const address = str(q.address) ?? '';
    const results = Math.min(Number(str(q.servicePointResults) ?? 3) || 3, 3);
    const miles = str(q.resultUom) === 'mi';
    const seed = createHash('sha256').update(`${country}|${address}`).digest();
    const city = (
      address
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !/\d/.test(s))[0] ?? 'CENTRAL'
    ).toUpperCase();
    const area = (city.replace(/[^A-Z]/g, '') + 'XXX').slice(0, 3);
    const lat = ((seed[0] ?? 0) / 255) * 120 - 60;
    const lng = ((seed[1] ?? 0) / 255) * 340 - 170;
    const servicePoints = Array.from({ length: results }, (_, i) => {
      const km = Math.round((0.4 + i * 1.3 + ((seed[2 + i] ?? 0) % 10) / 10) * 100) / 100;
      const distance = miles ? Math.round((km / 1.609344) * 100) / 100 : km;
      const hours = WEEK.map((dayOfWeek) => ({
        dayOfWeek,
        openingTime: '09:00',
        closingTime: i === 0 ? '19:00' : '17:30',
      }));
      if (i === 0) hours.push({ dayOfWeek: 'SATURDAY', openingTime: '10:00', closingTime: '13:00' });
      return {
        facilityTypeCode: i === 0 ? 'CTY' : 'PRT',
        serviceAreaCode: area,
        servicePointName: i === 0 ? 'DHL Express Service Point' : 'DHL Service Point',
        servicePointNameFormatted: i === 0 ? 'DHL Express Service Point' : 'DHL Service Point',
        localName: i === 0 ? `DHL Express ${city}` : `Partner shop ${i} ${city}`,
        servicePointType: i === 0 ? 'CITY' : 'PARTNER',
        address: {
          addressLine1: `${10 + i * 7} Market Street`,
          addressLine2: null,
          city,
          zipCode: String(10000 + (seed[5] ?? 0) * 37 + i),
          state: null,
          country,
        },
        geoLocation: {
          latitude: Math.round((lat + i * 0.004) * 1e6) / 1e6,
          longitude: Math.round((lng + i * 0.004) * 1e6) / 1e6,
        },
        distance: `${distance} ${miles ? 'mi' : 'km'}`,
        distanceValue: String(distance),
        distanceMetric: km,
        shippingCutOffTime: '16:00:00.000',
        openingHours: { openingHours: hours },
        servicePointCapabilities: {
          shipmentDropOff: true,
          shipmentCollection: true,
          internationalShipping: true,
          domesticShipping: true,
          labelPrinting: i === 0,
        },
        facilityId: `${area}${String(i + 1).padStart(3, '0')}`,
      };
    });
    return {
      status: { statusCode: 1, statusMessage: 'OK' },
      searchAddress: address,
      searchLocation: { latitude: lat, longitude: lng, countryCode: country },
      servicePoints,
      messages: null,
      liteMode: false,
    };
  });
}
