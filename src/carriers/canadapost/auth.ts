/**
 * canadapost's credentials: HTTP Basic with the API key's username and password; the customer
 * number goes into paths and bodies, the contract id (when the account has one) into contract
 * calls. validate_credentials has no login call to make: the service discovery (`GET
 * /rs/ship/service?country=`) is the cheapest authenticated read, and a refusal there is a refusal
 * of the credentials.
 */
import { ApiError } from '../../domain/errors.js';
import { parseXml, xmlElement, xmlList, xmlRoot } from '../shared/xml.js';
import { ENDPOINTS } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';

export function credentialsOf(auth: Readonly<Record<string, string>>): { username: string; password: string } {
  if (auth.username && auth.password) return { username: auth.username, password: auth.password };
  throw new ApiError(
    'carrier_authentication',
    'canadapost needs username and password (the API key) in the shipping account auth',
    'auth.username',
  );
}

export function buildValidateCredentialsRequest(country: string): { path: string; query: [string, string][] } {
  return { path: ENDPOINTS.services.path, query: [['country', country.toUpperCase()]] };
}

/** `services`: the list of services to the country. */
export function parseValidateCredentialsResponse(xml: string): { services: number } {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'services');
  if (!root) throw unexpectedBody('service discovery response (no services)');
  return { services: xmlList(root.service).map(xmlElement).length };
}
