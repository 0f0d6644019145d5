/**
 * Reading and validating the requestedShipment members the Rate and Ship APIs share, with the
 * required members of vendor/rate-api.json (RequestedShipment: shipper/recipient address with
 * countryCode and postalCode, pickupType, requestedPackageLineItems[].weight) and vendor/ship-api.json
 * (shipper/recipients with address and contact, serviceType, packagingType, totalWeight,
 * shippingChargesPayment, labelSpecification). Problems are collected, not thrown one by one, the
 * way FedEx lists several errors in one reply.
 */
import { arr, at, isObject, num, str, strings } from '../json.js';
import { errors, type FedexError } from './errors.js';
import { MAX_PACKAGE_LB, toLb, type PackageInput } from './prices.js';

export interface Party {
  personName?: string;
  companyName?: string;
  phoneNumber?: string;
  streetLines: string[];
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode: string;
  residential: boolean;
}

export interface Commodity {
  description: string;
  quantity: number;
  weight?: PackageInput['weight'];
  customsValue: number;
  currency: string;
  harmonizedCode?: string;
  countryOfManufacture?: string;
}

export interface LineItem extends PackageInput {
  /** groupPackageCount: identical packages this line stands for (rating only). */
  count: number;
  references: string[];
  /** customerReferences with their types, which Track by References searches by. */
  typedReferences: { type: string; value: string }[];
}

export interface CommonShipment {
  accountNumber: string;
  shipper: Party;
  recipient: Party;
  pickupType?: string;
  serviceType?: string;
  packagingType: string;
  shipDate?: string;
  items: LineItem[];
  customs?: { commodities: Commodity[]; termsOfSale?: string; purpose?: string; invoiceNumber?: string };
}

export const PICKUP_TYPES = ['CONTACT_FEDEX_TO_SCHEDULE', 'DROPOFF_AT_FEDEX_LOCATION', 'USE_SCHEDULED_PICKUP'];

/** Countries whose addresses FedEx cannot rate or ship without a postal code. */
const POSTAL_AWARE = new Set(
  'US,CA,MX,BR,GB,DE,FR,NL,BE,LU,IT,ES,PT,AT,CH,PL,CZ,SK,HU,SE,DK,NO,FI,IE,GR,RO,BG,HR,SI,EE,LV,LT,AU,NZ,JP,CN,KR,IN,SG,TW'.split(
    ',',
  ),
);
const POSTAL_FORMATS: Record<string, RegExp> = {
  US: /^\d{5}(-?\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
};

export function readParty(body: unknown, path: string, problems: FedexError[], withContact: boolean): Party {
  const address = at(body, `${path}.address`);
  const countryCode = str(at(address, 'countryCode'))?.toUpperCase();
  if (!isObject(address)) problems.push(errors.invalidInput(`${path}.address`));
  else if (!countryCode || !/^[A-Z]{2}$/.test(countryCode))
    problems.push(errors.invalidInput(`${path}.address.countryCode`));
  const postalCode = str(at(address, 'postalCode'));
  if (countryCode && POSTAL_AWARE.has(countryCode)) {
    if (!postalCode) problems.push(errors.invalidInput(`${path}.address.postalCode`));
    else if (POSTAL_FORMATS[countryCode] && !POSTAL_FORMATS[countryCode].test(postalCode)) {
      problems.push(errors.postalCodeInvalid(path.endsWith('shipper') ? 'Shipper' : 'Recipient'));
    }
  }
  const streetLines = strings(at(address, 'streetLines'));
  const city = str(at(address, 'city'));
  if (withContact) {
    if (streetLines.length === 0) problems.push(errors.invalidInput(`${path}.address.streetLines`));
    if (!city) problems.push(errors.invalidInput(`${path}.address.city`));
    if (!str(at(body, `${path}.contact.phoneNumber`)))
      problems.push(errors.invalidInput(`${path}.contact.phoneNumber`));
  }
  return {
    personName: str(at(body, `${path}.contact.personName`)),
    companyName: str(at(body, `${path}.contact.companyName`)),
    phoneNumber: str(at(body, `${path}.contact.phoneNumber`)),
    streetLines,
    city,
    stateOrProvinceCode: str(at(address, 'stateOrProvinceCode')),
    postalCode,
    countryCode: countryCode ?? 'US',
    residential: at(address, 'residential') === true,
  };
}

function readItems(body: unknown, problems: FedexError[]): LineItem[] {
  const path = 'requestedShipment.requestedPackageLineItems';
  const list = arr(at(body, path));
  if (!list || list.length === 0) {
    problems.push(errors.invalidInput(path));
    return [];
  }
  return list.map((item, i): LineItem => {
    const n = i + 1;
    const units = str(at(item, 'weight.units'))?.toUpperCase();
    const value = num(at(item, 'weight.value'));
    const weight: PackageInput['weight'] = { units: units === 'KG' ? 'KG' : 'LB', value: value ?? 0 };
    if (units !== 'LB' && units !== 'KG') problems.push(errors.invalidInput(`${path}.${i}.weight.units`));
    if (value === undefined) problems.push(errors.invalidInput(`${path}.${i}.weight.value`));
    else if (value <= 0) problems.push(errors.weightInvalid(n, 'weight must be greater than zero.'));
    else if (toLb(weight) > MAX_PACKAGE_LB)
      problems.push(errors.weightInvalid(n, `weight exceeds the ${MAX_PACKAGE_LB} lb (68 kg) limit.`));
    let dimensions: PackageInput['dimensions'];
    const dims = at(item, 'dimensions');
    if (dims !== undefined) {
      const length = num(at(dims, 'length'));
      const width = num(at(dims, 'width'));
      const height = num(at(dims, 'height'));
      const dimUnits = str(at(dims, 'units'))?.toUpperCase();
      if (
        !length ||
        !width ||
        !height ||
        length <= 0 ||
        width <= 0 ||
        height <= 0 ||
        (dimUnits !== 'IN' && dimUnits !== 'CM')
      ) {
        problems.push(errors.dimensionsInvalid(n));
      } else dimensions = { length, width, height, units: dimUnits };
    }
    const count = num(at(item, 'groupPackageCount')) ?? 1;
    const typedReferences = (arr(at(item, 'customerReferences')) ?? []).flatMap((r) => {
      const value = str(at(r, 'value'));
      return value ? [{ type: str(at(r, 'customerReferenceType')) ?? 'CUSTOMER_REFERENCE', value }] : [];
    });
    return {
      weight,
      dimensions,
      count: Number.isInteger(count) && count > 0 ? count : 1,
      references: typedReferences.map((r) => r.value),
      typedReferences,
    };
  });
}

function readCustoms(body: unknown, problems: FedexError[], mode: 'rate' | 'ship'): CommonShipment['customs'] {
  const detail = at(body, 'requestedShipment.customsClearanceDetail');
  if (detail === undefined || detail === null) {
    problems.push(mode === 'rate' ? errors.customsRequiredForRate() : errors.customsRequiredForShip());
    return undefined;
  }
  const list = arr(at(detail, 'commodities'));
  if (!list || list.length === 0) {
    problems.push(errors.invalidInput('requestedShipment.customsClearanceDetail.commodities'));
    return undefined;
  }
  const commodities = list.map((c, i): Commodity => {
    const amount = num(at(c, 'customsValue.amount'));
    if (amount === undefined || amount < 0) problems.push(errors.customsValueInvalid(i + 1));
    const wValue = num(at(c, 'weight.value'));
    return {
      description: str(at(c, 'description')) ?? str(at(c, 'name')) ?? 'Merchandise',
      quantity: num(at(c, 'quantity')) ?? num(at(c, 'numberOfPieces')) ?? 1,
      weight:
        wValue === undefined
          ? undefined
          : { units: str(at(c, 'weight.units'))?.toUpperCase() === 'KG' ? 'KG' : 'LB', value: wValue },
      customsValue: amount ?? 0,
      currency: str(at(c, 'customsValue.currency')) ?? 'USD',
      harmonizedCode: str(at(c, 'harmonizedCode')),
      countryOfManufacture: str(at(c, 'countryOfManufacture')),
    };
  });
  if (mode === 'ship' && !isObject(at(detail, 'commercialInvoice'))) {
    problems.push(errors.invalidInput('requestedShipment.customsClearanceDetail.commercialInvoice'));
  }
  const invoiceRef = (arr(at(detail, 'commercialInvoice.customerReferences')) ?? []).find(
    (r) => str(at(r, 'customerReferenceType')) === 'INVOICE_NUMBER',
  );
  return {
    commodities,
    termsOfSale: str(at(detail, 'commercialInvoice.termsOfSale')),
    purpose: str(at(detail, 'commercialInvoice.shipmentPurpose')),
    invoiceNumber: str(at(invoiceRef, 'value')),
  };
}

/** The shared members; `mode` selects the stricter Ship API requirements. */
export function readShipment(body: unknown, mode: 'rate' | 'ship', problems: FedexError[]): CommonShipment {
  const accountNumber = str(at(body, 'accountNumber.value'));
  if (!accountNumber) problems.push(errors.accountRequired());
  if (!isObject(at(body, 'requestedShipment'))) problems.push(errors.invalidInput('requestedShipment'));
  const shipper = readParty(body, 'requestedShipment.shipper', problems, mode === 'ship');
  const recipientPath = mode === 'ship' ? 'requestedShipment.recipients.0' : 'requestedShipment.recipient';
  if (mode === 'ship' && (arr(at(body, 'requestedShipment.recipients'))?.length ?? 0) === 0) {
    problems.push(errors.invalidInput('requestedShipment.recipients'));
  }
  const recipient = readParty(body, recipientPath, problems, mode === 'ship');
  const pickupType = str(at(body, 'requestedShipment.pickupType'));
  if (!pickupType || !PICKUP_TYPES.includes(pickupType))
    problems.push(errors.invalidInput('requestedShipment.pickupType'));
  const packagingType = str(at(body, 'requestedShipment.packagingType'));
  if (mode === 'ship' && !packagingType) problems.push(errors.invalidInput('requestedShipment.packagingType'));
  const serviceType = str(at(body, 'requestedShipment.serviceType'));
  if (mode === 'ship' && !serviceType) problems.push(errors.invalidInput('requestedShipment.serviceType'));
  const shipDate = str(
    at(body, mode === 'rate' ? 'requestedShipment.shipDateStamp' : 'requestedShipment.shipDatestamp'),
  );

  const payment = at(body, 'requestedShipment.shippingChargesPayment');
  if (mode === 'ship' && !str(at(payment, 'paymentType')))
    problems.push(errors.invalidInput('requestedShipment.shippingChargesPayment.paymentType'));
  const payor = str(at(payment, 'payor.responsibleParty.accountNumber.value'));
  if (accountNumber && str(at(payment, 'paymentType')) === 'SENDER' && payor && payor !== accountNumber) {
    problems.push(errors.accountMismatch());
  }
  const items = readItems(body, problems);
  const international = shipper.countryCode !== recipient.countryCode;
  const customs = international ? readCustoms(body, problems, mode) : undefined;
  return {
    accountNumber: accountNumber ?? '',
    shipper,
    recipient,
    pickupType,
    serviceType,
    packagingType: packagingType ?? 'YOUR_PACKAGING',
    shipDate,
    items,
    customs,
  };
}
