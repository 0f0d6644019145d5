/**
 * The Ship API's booking reply (vendor/ship-api.json "Create Shipment"; shaped like
 * fixtures/shipment_ShipmentResponse.json and fixtures/shipment_IntlShipmentResponse.json):
 * output.transactionShipments[] with masterTrackingNumber, serviceType, shipDatestamp,
 * pieceResponses[] (one per package, each with its label in packageDocuments[]), shipmentDocuments
 * (the commercial invoice of international shipments) and completedShipmentDetail (service,
 * operational detail, shipmentRating with PAYOR_ACCOUNT_SHIPMENT and PAYOR_LIST_SHIPMENT, packages).
 * Note the Ship API names surcharges `surchargeType` where the Rate API says `type`.
 */
import { dayName } from '../calendar.js';
import { currencyFor, DIM_DIVISOR_IN, weightIn, type Charges, type Quote } from './prices.js';
import { serviceDescription, stationId, transitDays, transitWord, type ServiceDef } from './services.js';
import type { StoredShipment } from './state.js';
import { groupTrackingNumber } from './tracking-numbers.js';

/** A label or document as the reply carries it: inline base64 or, for URL_ONLY, a URL. */
export type DocumentRef = { encodedLabel: string } | { url: string };

export interface BookedPiece {
  trackingNumber: string;
  label: DocumentRef;
  docType: string;
  references: string[];
}

export interface BookingReply {
  shipment: StoredShipment;
  service: ServiceDef;
  quote: Quote;
  pieces: BookedPiece[];
  invoice?: { ref: DocumentRef; base64: string };
}

function shipmentRateDetail(rateType: string, c: Charges, q: Quote, originCountry: string) {
  const { rate } = currencyFor(originCountry);
  return {
    rateType,
    rateScale: `${originCountry}001_${q.service.code ?? 'XX'}_YOUR_PACKAGING`,
    rateZone: q.lane.rateZone,
    pricingCode: '',
    ratedWeightMethod: q.method,
    currencyExchangeRate: { fromCurrency: 'USD', intoCurrency: q.currency, rate },
    dimDivisor: DIM_DIVISOR_IN,
    fuelSurchargePercent: q.fuelPct,
    totalBillingWeight: weightIn(q.units, q.billedLb),
    totalBaseCharge: c.baseCharge,
    totalFreightDiscounts: c.discount,
    totalNetFreight: c.netFreight,
    totalSurcharges: c.totalSurcharges,
    totalNetFedExCharge: c.netCharge,
    totalTaxes: 0,
    totalNetCharge: c.netCharge,
    totalRebates: 0,
    totalDutiesAndTaxes: 0,
    totalAncillaryFeesAndTaxes: 0,
    totalDutiesTaxesAndFees: 0,
    totalNetChargeWithDutiesAndTaxes: c.netCharge,
    surcharges: c.surcharges.map((s) => ({
      surchargeType: s.type,
      level: s.level,
      description: s.description,
      amount: s.amount,
    })),
    freightDiscounts:
      c.discount > 0 ? [{ rateDiscountType: 'VOLUME', description: 'Volume', amount: c.discount, percent: 10 }] : [],
    taxes: [],
    currency: q.currency,
  };
}

/** The FEDEX_1D string barcode: routing digits followed by the 12-digit tracking number (34 digits). */
function fedex1d(trackingNumber: string, postalCode: string | undefined): string {
  const routing = `1${(postalCode ?? '').replace(/\D/g, '')}`.padEnd(22, '0').slice(0, 22);
  return `${routing}${trackingNumber}`;
}

export function bookingReply(b: BookingReply) {
  const { shipment, service, quote: q, pieces } = b;
  const master = shipment.masterTrackingNumber;
  const days = transitDays(service, q.lane);
  const deliveryDay = dayName(shipment.deliveryDate).slice(0, 3);
  const invoiceDoc = b.invoice
    ? [
        {
          contentType: 'COMMERCIAL_INVOICE',
          copiesToPrint: 3,
          ...b.invoice.ref,
          trackingNumber: master,
          docType: 'PDF',
        },
      ]
    : [];
  return {
    transactionShipments: [
      {
        masterTrackingNumber: master,
        serviceType: service.type,
        shipDatestamp: shipment.shipDate,
        serviceCategory: service.category,
        serviceName: service.name,
        alerts: [],
        ...(invoiceDoc.length ? { shipmentDocuments: invoiceDoc } : {}),
        pieceResponses: pieces.map((piece, i) => {
          const pq = q.packages[i];
          return {
            masterTrackingNumber: master,
            trackingNumber: piece.trackingNumber,
            packageSequenceNumber: i + 1,
            deliveryDatestamp: shipment.deliveryDate,
            trackingIdType: 'FEDEX',
            additionalChargesDiscount: 0,
            netRateAmount: pq?.account.netCharge ?? 0,
            netChargeAmount: pq?.account.netCharge ?? 0,
            netDiscountAmount: pq?.account.discount ?? 0,
            baseRateAmount: pq?.account.baseCharge ?? 0,
            currency: q.currency,
            customerReferences: piece.references.map((value) => ({
              customerReferenceType: 'CUSTOMER_REFERENCE',
              value,
            })),
            codcollectionAmount: 0,
            packageDocuments: [{ contentType: 'LABEL', copiesToPrint: 1, ...piece.label, docType: piece.docType }],
          };
        }),
        completedShipmentDetail: {
          usDomestic: q.lane.scope === 'US_DOMESTIC',
          carrierCode: service.carrierCode,
          masterTrackingId: { trackingIdType: 'FEDEX', formId: '0201', trackingNumber: master },
          serviceDescription: serviceDescription(service),
          packagingDescription:
            shipment.packagingType === 'YOUR_PACKAGING' ? 'Customer Packaging' : shipment.packagingType,
          operationalDetail: {
            originLocationId: stationId(shipment.shipper.city, shipment.shipper.countryCode),
            destinationLocationId: stationId(shipment.recipient.city, shipment.recipient.countryCode),
            deliveryDate: shipment.deliveryDate,
            deliveryDay,
            commitDate: shipment.deliveryDate,
            commitDay: deliveryDay,
            transitTime: transitWord(days),
            ineligibleForMoneyBackGuarantee: false,
            astraDescription: serviceDescription(service).astraDescription,
            postalCode: shipment.recipient.postalCode ?? '',
            stateOrProvinceCode: shipment.recipient.stateOrProvinceCode ?? '',
            countryCode: shipment.recipient.countryCode,
            ...(service.code ? { serviceCode: service.code } : {}),
            packagingCode: '01',
            publishedDeliveryTime: service.commitTime.slice(0, 5),
          },
          shipmentRating: {
            actualRateType: 'PAYOR_ACCOUNT_SHIPMENT',
            shipmentRateDetails: [
              shipmentRateDetail('PAYOR_ACCOUNT_SHIPMENT', q.account, q, shipment.shipper.countryCode),
              shipmentRateDetail('PAYOR_LIST_SHIPMENT', q.list, q, shipment.shipper.countryCode),
            ],
          },
          completedPackageDetails: pieces.map((piece, i) => ({
            sequenceNumber: i + 1,
            trackingIds: [
              { trackingIdType: 'FEDEX', formId: i === 0 ? '0201' : '0430', trackingNumber: piece.trackingNumber },
            ],
            groupNumber: 0,
            signatureOption: 'SERVICE_DEFAULT',
            operationalDetail: {
              barcodes: {
                stringBarcodes: [
                  { type: 'FEDEX_1D', value: fedex1d(piece.trackingNumber, shipment.recipient.postalCode) },
                ],
              },
              astraHandlingText: '',
              operationalInstructions: [
                { number: 2, content: i === 0 ? 'TRK#' : 'MPS#' },
                {
                  number: 4,
                  content: i === 0 ? (pieces.length > 1 ? '## MASTER ##' : '') : `Mstr# ${groupTrackingNumber(master)}`,
                },
              ],
            },
          })),
          ...(b.invoice
            ? {
                shipmentDocuments: [
                  {
                    type: 'COMMERCIAL_INVOICE',
                    shippingDocumentDisposition: 'RETURNED',
                    imageType: 'PDF',
                    resolution: 200,
                    copiesToPrint: 3,
                    parts: [{ documentPartSequenceNumber: 1, image: b.invoice.base64 }],
                  },
                ],
                documentRequirements: {
                  requiredDocuments: ['COMMERCIAL_OR_PRO_FORMA_INVOICE', 'AIR_WAYBILL'],
                  generationDetails: [
                    {
                      type: 'COMMERCIAL_INVOICE',
                      minimumCopiesRequired: 3,
                      letterhead: 'OPTIONAL',
                      electronicSignature: 'OPTIONAL',
                    },
                  ],
                },
              }
            : {}),
        },
      },
    ],
  };
}
