/**
 * carrier_d tracking numbers as USPS prints them (Pub 199, Intelligent Mail package barcode):
 * domestic IMpb `92` + 3-digit service type code + 9-digit mailer id + 7-digit serial + mod-10
 * check digit, 22 digits (fixtures/shipment_ShipmentResponse.labelMetadata.json 9234690361980900000142
 * satisfies it); international UPU S10 `LZ` + 8-digit serial + mod-11 check digit + `US`.
 */
import { impbCheckDigit, s10CheckDigit } from '../check-digits.js';

/** Service type codes (Pub 199 Appendix I) per mail class; 001 (Ground Advantage) for the rest. */
const STC: Record<string, string> = {
  PRIORITY_MAIL_EXPRESS: '701',
  PRIORITY_MAIL: '055',
  USPS_GROUND_ADVANTAGE: '001',
  PARCEL_SELECT: '612',
  PARCEL_SELECT_LIGHTWEIGHT: '748',
  MEDIA_MAIL: '071',
  LIBRARY_MAIL: '081',
  BOUND_PRINTED_MATTER: '751',
  USPS_CONNECT_LOCAL: '346',
  'FIRST-CLASS_PACKAGE_SERVICE': '001',
};

export function serviceTypeCode(mailClass: string): string {
  return STC[mailClass] ?? '001';
}

/** A domestic number; the mailer id is padded or cut to nine digits. */
export function domesticNumber(mailClass: string, mailerId: string, serial: number): string {
  const mid = (mailerId.replace(/\D/g, '') || '903619809').padStart(9, '0').slice(-9);
  const body = `92${serviceTypeCode(mailClass)}${mid}${String(serial % 10_000_000).padStart(7, '0')}`;
  return `${body}${impbCheckDigit(body)}`;
}

export function internationalNumber(serial: number): string {
  const s = String(serial % 100_000_000).padStart(8, '0');
  return `LZ${s}${s10CheckDigit(s)}US`;
}
