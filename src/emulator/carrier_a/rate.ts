/**
 * `POST /rate/v1/rates/quotes` (vendor/rate-api.json, "Rate and Transit times"). The reply follows
 * fixtures/rate_RateResponse.json and samples/rating_responses.json: output.rateReplyDetails[] with
 * serviceType, serviceName, packagingType, ratedShipmentDetails (ACCOUNT always, LIST when asked in
 * rateRequestType) carrying totals, shipmentRateDetail (rateZone, dimDivisor, fuel percent,
 * surCharges, billing weight, currency) and ratedPackages, plus commit (transitDays, dateDetail),
 * operationalDetail and serviceDescription. International lanes need customsClearanceDetail, as
 * production demands (src/carriers/carrier_a/README.md: the sandbox accepts them, production does not).
 */
import type { FastifyInstance } from 'fastify';
import { dayName, isIsoDate, localDate, utcOffsetMinutes } from '../calendar.js';
import { at, str, strings } from '../json.js';
import type { CarrierACtx } from './context.js';
import { errors, FedexFailure, type FedexError } from './errors.js';
import { quote, weightIn, currencyFor, DIM_DIVISOR_IN, type Charges, type PackageInput, type Quote } from './prices.js';
import {
  deliveryDate,
  laneFor,
  serviceByType,
  serviceDescription,
  servicesFor,
  stationId,
  transitDays,
  transitWord,
} from './services.js';
import { readShipment, type CommonShipment, type Party } from './request.js';

export function registerRateRoutes(app: FastifyInstance, ctx: CarrierACtx): void {
  app.post('/rate/v1/rates/quotes', ctx.tag('rate'), async (request) => {
    const body = request.body;
    const problems: FedexError[] = [];
    const shipment = readShipment(body, 'rate', problems);
    const requestedDate = str(at(body, 'requestedShipment.shipDateStamp'));
    if (requestedDate && !isIsoDate(requestedDate))
      problems.push(errors.invalidInput('requestedShipment.shipDateStamp'));
    const requestedService = shipment.serviceType;
    if (requestedService && !serviceByType(requestedService))
      problems.push(errors.invalidInput('requestedShipment.serviceType'));
    if (problems.length) throw new FedexFailure(400, problems);

    const lane = laneFor(
      { country: shipment.shipper.countryCode, postal: shipment.shipper.postalCode },
      { country: shipment.recipient.countryCode, postal: shipment.recipient.postalCode },
    );
    let offered = servicesFor(lane, shipment.recipient.residential);
    if (requestedService) {
      offered = offered.filter((s) => s.type === requestedService);
      if (offered.length === 0) throw new FedexFailure(400, [errors.serviceUnavailable(requestedService)]);
    }
    const today = localDate(
      ctx.clock.now(),
      utcOffsetMinutes(shipment.shipper.countryCode, shipment.shipper.postalCode),
    );
    const shipDate = requestedDate && requestedDate > today ? requestedDate : today;
    const packages = expand(shipment);
    const withList = strings(at(body, 'requestedShipment.rateRequestType')).includes('LIST');
    const details = offered.map((service) => {
      const q = quote(service, lane, shipment.shipper.countryCode, shipment.recipient.residential, packages);
      return { service, q, detail: rateReplyDetail(q, shipment, shipDate, withList) };
    });
    const order = str(at(body, 'rateRequestControlParameters.rateSortOrder'));
    if (order === 'COMMITASCENDING' || order === 'COMMITDESCENDING') {
      const sign = order === 'COMMITASCENDING' ? 1 : -1;
      details.sort(
        (a, b) =>
          sign *
          (transitDays(a.service, lane) - transitDays(b.service, lane) ||
            a.q.account.netCharge - b.q.account.netCharge),
      );
    }
    const alerts =
      packages.length > 1 && shipment.recipient.residential
        ? [
            {
              code: 'SHIPMENT.CHARGES.NOTE',
              message: 'Shipment level charges have been added to first package.',
              alertType: 'NOTE',
              parameterList: [],
            },
          ]
        : [];
    return ctx.envelope(request, {
      alerts,
      rateReplyDetails: details.map((d) => d.detail),
      quoteDate: today,
      encoded: false,
    });
  });
}

/** Rating counts every package a line stands for (groupPackageCount). */
function expand(shipment: CommonShipment): PackageInput[] {
  return shipment.items.flatMap((item) =>
    Array.from({ length: item.count }, () => ({ weight: item.weight, dimensions: item.dimensions })),
  );
}

function derivedDetail(party: Party) {
  return {
    countryCode: party.countryCode,
    ...(party.stateOrProvinceCode ? { stateOrProvinceCode: party.stateOrProvinceCode } : {}),
    ...(party.postalCode ? { postalCode: party.postalCode } : {}),
    serviceArea: 'A1',
    locationId: stationId(party.city, party.countryCode),
    locationNumber: 0,
  };
}

function ratedShipmentDetail(rateType: 'ACCOUNT' | 'LIST', q: Quote, shipper: Party) {
  const c: Charges = rateType === 'ACCOUNT' ? q.account : q.list;
  const { rate } = currencyFor(shipper.countryCode);
  const totals = {
    totalDiscounts: c.discount,
    totalBaseCharge: c.baseCharge,
    totalNetCharge: c.netCharge,
    totalVatCharge: 0,
    totalNetFedExCharge: c.netCharge,
    totalDutiesAndTaxes: 0,
    totalNetChargeWithDutiesAndTaxes: c.netCharge,
    totalDutiesTaxesAndFees: 0,
    totalAncillaryFeesAndTaxes: 0,
  };
  return {
    rateType,
    ratedWeightMethod: q.method,
    ...totals,
    shipmentRateDetail: {
      rateZone: q.lane.rateZone,
      dimDivisor: DIM_DIVISOR_IN,
      fuelSurchargePercent: q.fuelPct,
      totalSurcharges: c.totalSurcharges,
      totalFreightDiscount: c.discount,
      surCharges: c.surcharges.map((s) => ({
        type: s.type,
        description: s.description,
        level: s.level,
        amount: s.amount,
      })),
      pricingCode: '',
      currencyExchangeRate: { fromCurrency: 'USD', intoCurrency: q.currency, rate },
      totalBillingWeight: weightIn(q.units, q.billedLb),
      ...(q.dimLb !== undefined ? { totalDimWeight: weightIn(q.units, q.dimLb) } : {}),
      dimDivisorType: 'COUNTRY',
      currency: q.currency,
      rateScale: `${shipper.countryCode}001_${q.service.code ?? 'XX'}_YOUR_PACKAGING`,
      totalRateScaleWeight: { units: 'LB', value: q.billedLb },
    },
    ratedPackages: q.packages.map((p, i) => {
      const pc = rateType === 'ACCOUNT' ? p.account : p.list;
      return {
        groupNumber: 0,
        effectiveNetDiscount: pc.discount,
        packageRateDetail: {
          rateType: rateType === 'ACCOUNT' ? 'PAYOR_ACCOUNT_PACKAGE' : 'PAYOR_LIST_PACKAGE',
          ratedWeightMethod: p.method,
          baseCharge: pc.baseCharge,
          netFreight: pc.netFreight,
          totalSurcharges: pc.totalSurcharges,
          netFedExCharge: pc.netCharge,
          totalTaxes: 0,
          netCharge: pc.netCharge,
          totalRebates: 0,
          billingWeight: weightIn(q.units, p.billedLb),
          totalFreightDiscounts: pc.discount,
          surcharges: pc.surcharges.map((s) => ({
            type: s.type,
            description: s.description,
            level: s.level,
            amount: s.amount,
          })),
          currency: q.currency,
        },
        sequenceNumber: i + 1,
      };
    }),
    currency: q.currency,
  };
}

function rateReplyDetail(q: Quote, shipment: CommonShipment, shipDate: string, withList: boolean) {
  const { service, lane } = q;
  const days = transitDays(service, lane);
  const delivery = deliveryDate(service, lane, shipDate);
  const day = dayName(delivery).slice(0, 3);
  const messages = [
    ...(lane.scope === 'INTERNATIONAL' || lane.scope === 'INTRA_EU'
      ? [
          {
            code: 'SERVICE.TYPE.INTERNATIONAL.MESSAGE',
            message:
              'Rate does not include duties & taxes, clearance entry fees or other import fees.  The payor of duties/taxes/fees will be responsible for any applicable Clearance Entry Fees.',
          },
        ]
      : []),
    ...(q.method === 'DIM'
      ? [
          {
            code: 'DIM.APPLIED.NOTE',
            message: 'Dimensional Weight of your package(s) was used to calculate your rate.',
          },
        ]
      : []),
  ];
  return {
    serviceType: service.type,
    serviceName: service.name,
    packagingType: shipment.packagingType,
    ...(messages.length ? { customerMessages: messages } : {}),
    ratedShipmentDetails: [
      ratedShipmentDetail('ACCOUNT', q, shipment.shipper),
      ...(withList ? [ratedShipmentDetail('LIST', q, shipment.shipper)] : []),
    ],
    operationalDetail: {
      originLocationIds: [stationId(shipment.shipper.city, shipment.shipper.countryCode)],
      destinationLocationIds: [stationId(shipment.recipient.city, shipment.recipient.countryCode)],
      ineligibleForMoneyBackGuarantee: false,
      astraDescription: serviceDescription(service).astraDescription,
      ...(service.code ? { serviceCode: service.code } : {}),
      // Date-times with the service's commit time, as rate-api.json and the recorded replies
      // (samples/rating_responses.json) give them; connectors read the estimate from commitDate.
      deliveryDate: `${delivery}T${service.commitTime}`,
      deliveryDay: day,
      commitDate: `${delivery}T${service.commitTime}`,
      commitDays: [day],
      transitTime: transitWord(days),
      countryCodes: [shipment.recipient.countryCode],
    },
    signatureOptionType: 'SERVICE_DEFAULT',
    serviceDescription: serviceDescription(service),
    commit: {
      dateDetail: { dayOfWeek: day, dayFormat: `${delivery}T${service.commitTime}` },
      transitDays: {
        minimumTransitTime: transitWord(days),
        description: `${days} Business Day${days === 1 ? '' : 's'}`,
      },
      saturdayDelivery: false,
      derivedOriginDetail: derivedDetail(shipment.shipper),
      derivedDestinationDetail: derivedDetail(shipment.recipient),
    },
  };
}
