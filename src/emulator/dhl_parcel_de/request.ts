/**
 * A shipment of a Shipping API v2 order checked as the API checks it: its parties, product, dates,
 * services and customs. A failed check is its validationMessages; a house number missing is only a
 * warning.
 */
import { addBusinessDays, isIsoDate, localDate } from '../calendar.js';
import { arr, at, num, str } from '../json.js';
import { invalid, type ValidationMessage } from './errors.js';
import { EU_ALPHA3, PRODUCTS, reaches } from './prices.js';
import type { Party, StoredShipment } from './state.js';
import { GERMANY } from './timeline.js';

function readParty(value: unknown, path: string, problems: ValidationMessage[], warnings: ValidationMessage[]): Party {
  const name1 = str(at(value, 'name1'));
  const street = str(at(value, 'addressStreet'));
  const postalCode = str(at(value, 'postalCode'));
  const city = str(at(value, 'city'));
  const country = str(at(value, 'country'));
  if (!name1) problems.push(invalid(`${path}.name1`, 'The name is required.'));
  if (!street) problems.push(invalid(`${path}.addressStreet`, 'Street name is required'));
  if (!city) problems.push(invalid(`${path}.city`, 'The city is required.'));
  if (!country || !/^[A-Z]{3}$/.test(country))
    problems.push(invalid(`${path}.country`, 'The country must be an ISO 3166-1 alpha-3 code.'));
  if (country === 'DEU' && (!postalCode || !/^\d{5}$/.test(postalCode)))
    problems.push(invalid(`${path}.postalCode`, 'Please enter a valid postal code.'));
  const house = str(at(value, 'addressHouse'));
  if (!house && country === 'DEU')
    warnings.push({
      property: `${path}.addressHouse`,
      validationMessage: 'The house number is missing; the address may not be encodable.',
      validationState: 'Warning',
    });
  return {
    name1: name1 ?? '',
    street: street ?? '',
    ...(house ? { house } : {}),
    postalCode: postalCode ?? '',
    city: city ?? '',
    country: country ?? '',
  };
}

interface Checked {
  shipment?: StoredShipment;
  problems: ValidationMessage[];
  warnings: ValidationMessage[];
  /** The dhlRetoure service: a return label back to this address. */
  retoure?: Party;
  customs?: {
    items: {
      description: string;
      quantity: number;
      weightKg: number;
      value: number;
      currency: string;
      hsCode?: string;
      origin?: string;
    }[];
    terms?: string;
    invoiceNo?: string;
  };
}

export function checkShipment(value: unknown, i: number, now: Date): Checked {
  const path = `shipments[${i}]`;
  const problems: ValidationMessage[] = [];
  const warnings: ValidationMessage[] = [];
  const productCode = str(at(value, 'product'));
  const product = productCode ? PRODUCTS[productCode] : undefined;
  if (!product) problems.push(invalid('product', `The product ${productCode ?? ''} is not valid.`.replace('  ', ' ')));
  const billing = str(at(value, 'billingNumber'));
  if (!billing || !/^\w{10}\d{2}\w{2}$/.test(billing))
    problems.push(invalid('billingNumber', 'The billing number must have 14 characters.'));
  else if (product && billing.slice(10, 12) !== product.code.replace(/\D/g, '').padStart(2, '0').slice(0, 2)) {
    problems.push(
      invalid('billingNumber', `The billing number ${billing} is not valid for the product ${product.code}.`),
    );
  }
  const shipper = readParty(at(value, 'shipper'), 'shipper', problems, []);
  const consignee = readParty(at(value, 'consignee'), 'consignee', problems, warnings);
  const uom = str(at(value, 'details.weight.uom'));
  const raw = num(at(value, 'details.weight.value'));
  const weightKg = raw === undefined ? undefined : uom === 'g' ? raw / 1000 : uom === 'kg' ? raw : undefined;
  if (weightKg === undefined || weightKg <= 0)
    problems.push(invalid('details.weight', 'The weight is required (uom kg or g).'));
  else if (product && weightKg > product.maxKg)
    problems.push(
      invalid('details.weight.value', `The weight exceeds the maximum of ${product.maxKg} kg for ${product.code}.`),
    );
  if (product && consignee.country && !reaches(product, consignee.country))
    problems.push(invalid('product', `The product ${product.code} is not available to ${consignee.country}.`));
  if (shipper.country && shipper.country !== 'DEU')
    problems.push(invalid('shipper.country', 'Shipments must be sent from Germany.'));
  const today = localDate(now, GERMANY);
  const shipDate = str(at(value, 'shipDate')) ?? today;
  if (!isIsoDate(shipDate) || shipDate < today)
    problems.push(invalid('shipDate', 'The shipment date must not be in the past.'));
  const international = consignee.country !== 'DEU';
  const customsItems = arr(at(value, 'customs.items'));
  if (international && !EU_ALPHA3.has(consignee.country) && (!customsItems || customsItems.length === 0)) {
    problems.push(invalid('customs', 'Customs details are required for shipments to non-EU countries.'));
  }
  const customs =
    customsItems && customsItems.length > 0
      ? {
          items: customsItems.map((item) => ({
            description: str(at(item, 'itemDescription')) ?? '',
            quantity: num(at(item, 'packagedQuantity')) ?? 1,
            weightKg: num(at(item, 'itemWeight.value')) ?? 0,
            value: num(at(item, 'itemValue.value')) ?? 0,
            currency: str(at(item, 'itemValue.currency')) ?? 'EUR',
            ...(str(at(item, 'hsCode')) ? { hsCode: str(at(item, 'hsCode')) } : {}),
            ...(str(at(item, 'countryOfOrigin')) ? { origin: str(at(item, 'countryOfOrigin')) } : {}),
          })),
          ...(str(at(value, 'customs.shippingConditions'))
            ? { terms: str(at(value, 'customs.shippingConditions')) }
            : {}),
          ...(str(at(value, 'customs.invoiceNo')) ? { invoiceNo: str(at(value, 'customs.invoiceNo')) } : {}),
        }
      : undefined;
  const retoureValue = at(value, 'services.dhlRetoure');
  let retoure: Party | undefined;
  if (retoureValue !== undefined) {
    const retoureBilling = str(at(retoureValue, 'billingNumber'));
    if (!retoureBilling || !/^\w{10}07\w{2}$/.test(retoureBilling))
      problems.push(
        invalid('services.dhlRetoure.billingNumber', 'The billing number for DHL Retoure must be of procedure 07.'),
      );
    if (productCode !== 'V01PAK')
      problems.push(
        invalid('services.dhlRetoure', `The service dhlRetoure is not available for the product ${productCode ?? ''}.`),
      );
    retoure = readParty(at(retoureValue, 'returnAddress'), 'services.dhlRetoure.returnAddress', problems, warnings);
  }
  if (problems.length > 0 || !product || weightKg === undefined || !billing) return { problems, warnings };
  const refNo = str(at(value, 'refNo'));
  return {
    problems,
    warnings,
    ...(retoure ? { retoure } : {}),
    ...(customs ? { customs } : {}),
    shipment: {
      shipmentNo: '',
      product: product.code,
      billingNumber: billing,
      ...(refNo ? { refNo } : {}),
      bookedAt: now,
      shipDate,
      deliveryDate: addBusinessDays(shipDate, product.transitDays),
      shipper,
      consignee,
      weightKg,
      international,
    },
  };
}
