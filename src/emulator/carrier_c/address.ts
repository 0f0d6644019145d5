/**
 * MyDHL `GET /address-validate?type&countryCode&postalCode&cityName&strictValidation` answers
 * `{ warnings, address: [{ countryCode, postalCode, cityName, serviceArea }] }` like
 * samples/address_validation_response.json. type must be pickup or delivery and countryCode two
 * letters; cityName is at most 45 characters (the vendor's 400 example). DHL checks the postal
 * location only: US locations come from the shared gazetteer (a postal code of another city is
 * corrected to its city with the sample's warning, a city with several postal codes lists them, an
 * unknown location is 404); other countries are echoed as given.
 */
import type { FastifyInstance } from 'fastify';
import { lookupLocality } from '../gazetteer.js';
import { str } from '../json.js';
import type { CarrierCCtx } from './context.js';
import { failures } from './errors.js';
import { serviceArea } from './request.js';

function entry(country: string, postalCode: string, city: string) {
  const code = serviceArea(city);
  return {
    countryCode: country,
    postalCode,
    cityName: city,
    serviceArea: { code, description: `${city} - ${country}`, facilityCode: code, inboundSortCode: code },
  };
}

export function registerAddressRoutes(app: FastifyInstance, ctx: CarrierCCtx): void {
  app.get('/address-validate', ctx.tag('address_validate'), async (request) => {
    const q = request.query as Record<string, unknown>;
    const missing = ['type', 'countryCode'].filter((k) => str(q[k]) === undefined);
    if (missing.length > 0) throw failures.missing(missing);
    const type = str(q.type);
    const country = str(q.countryCode) ?? '';
    const city = str(q.cityName);
    const postal = str(q.postalCode);
    const bad = [
      type === 'pickup' || type === 'delivery' ? undefined : 'type',
      /^[A-Z]{2}$/.test(country) ? undefined : 'countryCode',
      city && city.length > 45 ? 'cityName (maxLength=45)' : undefined,
    ];
    const wrong = bad.filter((b): b is string => b !== undefined);
    if (wrong.length > 0) throw failures.format(wrong);
    if (country === 'US' && (city !== undefined || postal !== undefined)) {
      const places = lookupLocality({ city, zip: postal });
      if (places.length === 0)
        throw failures.notFound(
          'Not Found',
          `1001: No matching postal location found for ${[postal, city].filter(Boolean).join(' ')}, ${country}`,
        );
      const corrected =
        places.length === 1 &&
        (places[0]!.city !== (city ?? '').toUpperCase() || places[0]!.zip !== (postal ?? '').slice(0, 5));
      return {
        warnings: corrected ? ['Address has been corrected'] : [],
        address: places.map((p) => entry(country, p.zip, p.city)),
      };
    }
    const name = (city ?? 'CAPITAL').toUpperCase();
    return { warnings: [], address: [entry(country, postal ?? '', name)] };
  });
}
