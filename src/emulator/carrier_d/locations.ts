/**
 * carrier_d drop-off locations: `GET /locations/v3/dropoff-locations?destinationZIPCode=…`
 * (locations.yaml DropShipmentLocation). Three entry facilities per ZIP Code, derived from it so
 * that answers are stable: a delivery unit, a sectional center and a network distribution center.
 */
import type { FastifyInstance } from 'fastify';
import type { CarrierDCtx } from './context.js';
import { errors, UspsFailure } from './errors.js';

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

const FACILITIES = [
  {
    kind: 'DESTINATION_DELIVERY_UNIT',
    name: 'MAIN POST OFFICE',
    street: 'MAIN ST',
    open: '0700',
    close: '1700',
    saturday: true,
  },
  {
    kind: 'DESTINATION_SECTIONAL_CENTER_FACILITY',
    name: 'PROCESSING AND DISTRIBUTION CENTER',
    street: 'POSTAL WAY',
    open: '0600',
    close: '2200',
    saturday: true,
  },
  {
    kind: 'DESTINATION_NETWORK_DISTRIBUTION_CENTER',
    name: 'NETWORK DISTRIBUTION CENTER',
    street: 'INDUSTRIAL BLVD',
    open: '0500',
    close: '2300',
    saturday: false,
  },
] as const;

export function registerLocationRoutes(app: FastifyInstance, ctx: CarrierDCtx): void {
  app.get('/locations/v3/dropoff-locations', ctx.tag('locations'), async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const zip = q.destinationZIPCode ?? '';
    if (!/^\d{5}$/.test(zip))
      throw new UspsFailure(400, [
        errors.invalid('destinationZIPCode', 'destinationZIPCode must be a 5-digit ZIP Code.'),
      ]);
    const wanted = q.destinationEntryFacilityType;
    return FACILITIES.filter((f) => !wanted || f.kind === wanted).map((f, i) => ({
      dropShipmentKey: `SV${zip}${i + 1}`,
      facilityName: `${f.name} ${zip}`,
      facilityAddress: {
        address: { streetAddress: `${100 * (i + 1)} ${f.street}`, city: `ZIP ${zip} CITY`, state: 'NY', ZIPCode: zip },
      },
      dropSitePhoneNumber: `800555${zip.slice(0, 4)}`,
      destinationZIPCode: zip,
      destinationEntryFacilityType: f.kind,
      // Mail class and shape pairs (locations.yaml AcceptedPackageTypes), not bare words.
      acceptedPackageTypes: [
        { mailClass: 'PARCEL_SELECT', processingCategory: 'MACHINABLE' },
        { mailClass: 'PARCEL_SELECT', processingCategory: 'NONSTANDARD' },
      ],
      dropShipAcceptanceTimes: [...WEEKDAYS, ...(f.saturday ? ['SATURDAY'] : [])].map((dayOfWeek) => ({
        dayOfWeek,
        times: [{ openTime: f.open, closeTime: dayOfWeek === 'SATURDAY' ? '1200' : f.close }],
      })),
      timeZone: 'EST',
      DSTObserved: true,
    }));
  });
}
