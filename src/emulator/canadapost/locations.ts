/**
 * The post office finder: `GET /rs/postoffice?d2po=true&postalCode=…` (or `city` and `province`)
 * answers a postoffice `post-office-list` of three offices near the asked place, nearest first, each
 * with a link to its details; `GET /rs/postoffice/{office-id}/detail` answers its
 * `post-office-detail` with opening hours per day (1 = Sunday … 7 = Saturday). The offices are
 * made up from the place asked, the same every time: a corporate post office, a dealer in a
 * pharmacy open late, and a counter in a grocery open on Sundays.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildXml } from '../../carriers/shared/xml.js';
import type { CanadapostCtx } from './context.js';
import { CpcFailure, failures } from './errors.js';
import { callPath } from './request.js';

const POSTOFFICE_TYPE = 'application/vnd.cpc.postoffice+xml';
const POSTOFFICE_NS = 'http://www.canadapost.ca/ws/postoffice';
const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';
const POSTAL_CODE = /^[A-Z]\d[A-Z]\d[A-Z]\d$/;

/** A postal code's first letter → its province, a city of that region and the city's coordinates. */
const REGIONS: Readonly<Record<string, [province: string, city: string, lat: number, lng: number]>> = {
  A: ['NL', "ST. JOHN'S", 47.5615, -52.7126],
  B: ['NS', 'HALIFAX', 44.6488, -63.5752],
  C: ['PE', 'CHARLOTTETOWN', 46.2382, -63.1311],
  E: ['NB', 'MONCTON', 46.0878, -64.7782],
  G: ['QC', 'QUEBEC', 46.8139, -71.208],
  H: ['QC', 'MONTREAL', 45.5017, -73.5673],
  J: ['QC', 'GATINEAU', 45.4765, -75.7013],
  K: ['ON', 'OTTAWA', 45.4215, -75.6972],
  L: ['ON', 'MISSISSAUGA', 43.589, -79.6441],
  M: ['ON', 'TORONTO', 43.6532, -79.3832],
  N: ['ON', 'LONDON', 42.9849, -81.2453],
  P: ['ON', 'SUDBURY', 46.4917, -80.993],
  R: ['MB', 'WINNIPEG', 49.8951, -97.1384],
  S: ['SK', 'REGINA', 50.4452, -104.6189],
  T: ['AB', 'CALGARY', 51.0447, -114.0719],
  V: ['BC', 'VANCOUVER', 49.2827, -123.1207],
  X: ['NT', 'YELLOWKNIFE', 62.454, -114.3718],
  Y: ['YT', 'WHITEHORSE', 60.7212, -135.0568],
};

interface Office {
  id: string;
  name: string;
  location: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  lat: number;
  lng: number;
  km: number;
  /** Per day 1 (Sunday) … 7 (Saturday): opening and closing time, none when closed. */
  hours: Readonly<Record<number, readonly [string, string] | undefined>>;
}

const KINDS = [
  {
    name: 'POST OFFICE',
    location: 'MAIN',
    street: 'MAIN ST',
    km: 0.8,
    hours: {
      2: ['08:30', '17:30'],
      3: ['08:30', '17:30'],
      4: ['08:30', '17:30'],
      5: ['08:30', '17:30'],
      6: ['08:30', '17:30'],
      7: ['09:30', '13:00'],
    },
  },
  {
    name: 'SHOPPERS DRUG MART',
    location: 'PHARMACY',
    street: 'BANK ST',
    km: 1.6,
    hours: {
      1: ['10:00', '18:00'],
      2: ['09:00', '21:00'],
      3: ['09:00', '21:00'],
      4: ['09:00', '21:00'],
      5: ['09:00', '21:00'],
      6: ['09:00', '21:00'],
      7: ['09:00', '18:00'],
    },
  },
  {
    name: 'GROCERY POSTAL OUTLET',
    location: 'GROCERY',
    street: 'KING ST',
    km: 3.25,
    hours: {
      1: ['11:00', '17:00'],
      2: ['10:00', '19:00'],
      3: ['10:00', '19:00'],
      4: ['10:00', '19:00'],
      5: ['10:00', '19:00'],
      6: ['10:00', '19:00'],
      7: ['10:00', '17:00'],
    },
  },
] as const;

/** The three offices near a postal code (or a city of a province). */
function officesNear(postal: string | undefined, city: string | undefined, province: string | undefined): Office[] {
  const region = REGIONS[(postal ?? '')[0] ?? ''] ?? REGIONS.K!;
  const fsa = postal
    ? postal.slice(0, 3)
    : `${Object.entries(REGIONS).find(([, r]) => r[0] === province)?.[0] ?? 'K'}1A`;
  const seed = [...(postal ?? `${city}${province}`)].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 9_000_000, 7);
  return KINDS.map((k, i) => ({
    id: String(100_000_000 + seed * 10 + i).padStart(10, '0'),
    name: k.name,
    location: k.location,
    street: `${100 + ((seed + i * 37) % 800)} ${k.street}`,
    city: (city ?? region[1]).toUpperCase(),
    province: province ?? region[0],
    postalCode: `${fsa}${i + 1}${'ABC'[i]}${i + 2}`,
    lat: Math.round((region[2] + (i + 1) * 0.004) * 1e5) / 1e5,
    lng: Math.round((region[3] - (i + 1) * 0.004) * 1e5) / 1e5,
    km: k.km,
    hours: k.hours,
  }));
}

function address(o: Office): Record<string, unknown> {
  return {
    city: o.city,
    latitude: o.lat.toFixed(5),
    longitude: o.lng.toFixed(5),
    'postal-code': o.postalCode,
    province: o.province,
    'office-address': o.street,
  };
}

function query(request: FastifyRequest): { postal?: string; city?: string; province?: string } {
  const q = request.query as Record<string, string | undefined>;
  if (q.postalCode !== undefined) {
    if (!POSTAL_CODE.test(q.postalCode))
      throw failures.schema(
        callPath(request),
        `cvc-pattern-valid: Value '${q.postalCode}' is not facet-valid with respect to pattern '[A-Z]\\d[A-Z]\\d[A-Z]\\d' for type 'PostalCodeType'.`,
      );
    return { postal: q.postalCode };
  }
  if (q.city && q.province) return { city: q.city, province: q.province.toUpperCase() };
  throw failures.invalid('1600', 'A postal code, or a city with its province, is required to find post offices.');
}

/** The offices each emulator instance has listed, by id, for their details. */
const listed = new WeakMap<object, Map<string, Office>>();

export function registerLocationRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  const known = listed.get(ctx.state) ?? new Map<string, Office>();
  listed.set(ctx.state, known);
  app.get('/rs/postoffice', ctx.tag('postoffice'), async (request, reply) => {
    const { postal, city, province } = query(request);
    const max = Math.min(50, Math.max(1, Number((request.query as Record<string, string>).maxAddresses ?? '10') || 10));
    const offices = officesNear(postal, city, province).slice(0, max);
    for (const o of offices) known.set(o.id, o);
    reply.type(POSTOFFICE_TYPE);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('post-office-list', {
      '@_xmlns': POSTOFFICE_NS,
      'post-office': offices.map((o) => ({
        address: address(o),
        distance: o.km.toFixed(2),
        location: o.location,
        name: o.name,
        'office-id': o.id,
        'bilingual-designation': 'true',
        link: {
          '@_rel': 'self',
          '@_href': `${LINK_HOST}/rs/postoffice/${o.id}/detail`,
          '@_media-type': POSTOFFICE_TYPE,
        },
      })),
    })}`;
  });

  app.get('/rs/postoffice/:id/detail', ctx.tag('postoffice'), async (request, reply) => {
    const { id } = request.params as { id: string };
    const o = known.get(id);
    if (!o) throw new CpcFailure(404, '1601', `No post office with the id ${id}.`);
    reply.type(POSTOFFICE_TYPE);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('post-office-detail', {
      '@_xmlns': POSTOFFICE_NS,
      address: address(o),
      location: o.location,
      name: o.name,
      'office-id': o.id,
      'bilingual-designation': 'true',
      'hours-list': Object.entries(o.hours).map(([day, h]) => ({ day, time: h ?? [] })),
    })}`;
  });
}
