/**
 * What the carrier_d_reseller route modules share: the ELS envelope every answer has (a bare XML
 * document with the LabelService default namespace, HTTP 200 whatever the outcome; src/carriers/carrier_d_reseller/README.md §1),
 * the failure they throw, reading the form field's request XML, and the account check.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  buildXml,
  parseXml,
  xmlElement,
  xmlList,
  xmlRoot,
  xmlText,
  type XmlObject,
} from '../../carriers/shared/xml.js';
import { carrierCtx, type CarrierCtx } from '../carrier.js';
import type { ShiftableClock } from '../clock.js';
import { isObject } from '../json.js';
import type { Account, CarrierDResellerState } from './state.js';

export const CARRIER_D_RESELLER_OPERATIONS = [
  'rate',
  'rates',
  'ship',
  'cancel',
  'track',
  'track_reference',
  'manifest',
  'account_status',
  'buy_postage',
  'change_pass_phrase',
] as const;
export type CarrierDResellerOperation = (typeof CARRIER_D_RESELLER_OPERATIONS)[number];

export const BASE_PATH = '/LabelService/EwsLabelService.asmx';
const NAMESPACES = {
  '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
  '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  '@_xmlns': 'www.envmgr.com/LabelService',
};

/** An ELS error: the Status code and message the answer carries (G13 Appendix B, §14). */
export class ElsFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const fail = {
  missing: (element: string) => new ElsFailure(1001, `Missing or invalid element: ${element}.`),
  passPhrase: () => new ElsFailure(12507, 'The Certified Intermediary\u2019s pass phrase is incorrect.'),
  parse: (detail: string) => new ElsFailure(12201, `Unable to parse the XML request: ${detail}.`),
  requestType: (root: string) => new ElsFailure(12125, `Invalid request: unknown XML request type ${root}.`),
};

/** The response document: declaration, the root with its namespaces, then the members. */
export function document(root: string, body: object): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${buildXml(root, { ...NAMESPACES, ...body })}`;
}

export interface Route {
  operation: CarrierDResellerOperation;
  path: string;
  field: string;
  root: string;
  responseRoot: string;
  /** Members every error answer of this operation carries besides Status and ErrorMessage (VCR). */
  errorExtras?: object;
  /** The answer has no Status element (SCANResponse, W21): errors say so by their ErrorMessage alone. */
  statusless?: boolean;
}

export interface CarrierDResellerCtx extends CarrierCtx<CarrierDResellerState, CarrierDResellerOperation> {
  /** The error answer of an operation: HTTP 200, Status and ErrorMessage with a Log ID. */
  errorDocument(route: Route, status: number, message: string): string;
}

export function createCtx(state: CarrierDResellerState, clock: ShiftableClock): CarrierDResellerCtx {
  return {
    ...carrierCtx('carrier_d_reseller', state, clock),
    errorDocument(route, status, message) {
      const body = {
        ...(route.statusless ? {} : { Status: String(status) }),
        ErrorMessage: `${message} Error encountered (Log ID: ${state.nextLogId()})`,
        ...(route.errorExtras ?? {}),
      };
      return document(route.responseRoot, body);
    },
  };
}

/** The request document from the form field; ASP.NET answers a missing parameter with a 500 text. */
export function requestRoot(request: FastifyRequest, route: Route): XmlObject {
  const form = isObject(request.body) ? request.body : {};
  const xml = form[route.field];
  if (typeof xml !== 'string') throw new MissingParameter(route.field);
  const doc = parseXml(xml);
  if (!doc) throw fail.parse('the document is not well-formed XML');
  const root = xmlRoot(doc, route.root);
  if (!root) throw fail.requestType(Object.keys(doc)[0] ?? '(none)');
  return root;
}

/** ASP.NET's own answer for a form post without the operation's parameter (HTTP 500, text). */
export class MissingParameter extends Error {
  constructor(readonly field: string) {
    super(`Missing parameter: ${field}.`);
  }
}

export function requireText(node: XmlObject | undefined, element: string): string {
  const value = xmlText(node?.[element]);
  if (value === undefined) throw fail.missing(element);
  return value;
}

/** RequesterID and the account: flat on LabelRequest, inside CertifiedIntermediary elsewhere (§3). */
export function authenticate(ctx: CarrierDResellerCtx, root: XmlObject, flat: boolean): Account {
  requireText(root, 'RequesterID');
  const holder = flat ? root : xmlElement(root.CertifiedIntermediary);
  if (!holder) throw fail.missing('CertifiedIntermediary');
  const account = ctx.state.authenticate(requireText(holder, 'AccountID'), requireText(holder, 'PassPhrase'));
  if (account === 'wrong_pass_phrase') throw fail.passPhrase();
  return account;
}

/** Registers one ELS operation: the answer is always 200 text/xml, ElsFailure included. */
export function elsRoute(
  app: FastifyInstance,
  ctx: CarrierDResellerCtx,
  route: Route,
  handle: (root: XmlObject, request: FastifyRequest) => Promise<object> | object,
): void {
  app.post(
    `${BASE_PATH}/${route.path}`,
    ctx.tag(route.operation),
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.type('text/xml; charset=utf-8');
      try {
        const body = await handle(requestRoot(request, route), request);
        return reply.send(document(route.responseRoot, body));
      } catch (err) {
        if (err instanceof ElsFailure) return reply.send(ctx.errorDocument(route, err.status, err.message));
        throw err;
      }
    },
  );
}

/** The PicNumbers a refund or SCAN request names (1001 without any). */
export function picNumbers(root: XmlObject): string[] {
  const pics = xmlList(xmlElement(root.PicNumbers)?.PicNumber)
    .map(xmlText)
    .filter((p): p is string => p !== undefined);
  if (pics.length === 0) throw fail.missing('PicNumbers');
  return pics;
}
