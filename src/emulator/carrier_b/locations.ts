/**
 * Service-center search (vendor/Pickup.yaml "Pickup Get Service Center Facilities"):
 * `POST /api/pickup/{version}/servicecenterlocations`. With ProximitySearchIndicator the emulator
 * answers three deterministic drop-off facilities around OriginAddress (names, SLICs and distances
 * derived from the postal code), each with Monday–Friday hours and a shorter Saturday.
 */
import type { FastifyInstance } from 'fastify';
import { at, isObject, num, str } from '../json.js';
import { responseHeader, type CarrierBCtx } from './context.js';
import { errors, UpsFailure } from './errors.js';

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

export function registerLocationRoutes(app: FastifyInstance, ctx: CarrierBCtx): void {
  app.post('/api/pickup/:version/servicecenterlocations', ctx.tag('locations'), async (request) => {
    const body = at(request.body, 'PickupGetServiceCenterFacilitiesRequest');
    if (!isObject(body)) throw new UpsFailure(400, [errors.missing('PickupGetServiceCenterFacilitiesRequest')]);
    if (!isObject(body.PickupPiece)) throw new UpsFailure(400, [errors.missing('PickupPiece')]);
    if (!str(body.Locale)) throw new UpsFailure(400, [errors.missing('Locale')]);
    const origin = body.OriginAddress;
    const country = str(at(origin, 'CountryCode'))?.toUpperCase();
    if (!country) throw new UpsFailure(400, [errors.missing('OriginAddress.CountryCode')]);
    const postal = str(at(origin, 'PostalCode')) ?? '00000';
    const city = (str(at(origin, 'City')) ?? 'CITY').toUpperCase();
    const unit = str(at(origin, 'OriginSearchCriteria.DistanceUnitOfMeasure')) ?? 'MI';
    const radius = num(at(origin, 'OriginSearchCriteria.SearchRadius')) ?? 200;
    const max = num(at(origin, 'OriginSearchCriteria.MaximumLocation')) ?? 100;
    const seed = [...postal].reduce((s, ch) => s + ch.charCodeAt(0), 0);
    const facilities = [1, 2, 3]
      .map((n) => ({
        Name: `UPS CUSTOMER CENTER ${city} ${n}`,
        Address: {
          AddressLine: `${100 * n + (seed % 90)} MAIN ST`,
          City: city,
          StateProvince: str(at(origin, 'StateProvince')) ?? '',
          PostalCode: postal,
          CountryCode: country,
          ResidentialIndicator: 'N',
        },
        SLIC: String(4000 + ((seed * n) % 5000)).padStart(4, '0'),
        Type: 'PKG',
        Timezone: 'America/New_York',
        Phone: '18007425877',
        Fax: '',
        FacilityTime: {
          DayOfWeek: [
            ...WEEK.map((Day) => ({
              Day,
              OpenHours: '0800',
              CloseHours: '1900',
              EarliestDropOfforPickup: '0800',
              LatestDropOfforPickup: '1830',
            })),
            { Day: 'Sat', OpenHours: '0900', CloseHours: '1300' },
          ],
        },
        OriginOrDestination: '01',
        Distance: { Value: (n * 1.7).toFixed(1), UnitOfMeasurement: unit },
      }))
      .filter((f) => Number(f.Distance.Value) <= radius)
      .slice(0, Math.max(1, max));
    return {
      PickupGetServiceCenterFacilitiesResponse: {
        Response: responseHeader(str(at(body, 'Request.TransactionReference.CustomerContext'))),
        ServiceCenterLocation: { DropOffFacilities: facilities },
      },
    };
  });
}
