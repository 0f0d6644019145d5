/**
 * carrier_d_reseller's only file with I/O: the Endicia Label Server's HTTP-POST interface
 * (README.md §1-§2): `POST <base>/LabelService/EwsLabelService.asmx/<Operation>` with one
 * form field holding the request XML, an XML answer with HTTP 200 even on errors. Everything sent
 * and read is built and parsed by the pure modules beside it.
 */
import type { CarrierAdapter, CarrierCall, CarrierDeps } from '../carrier.js';
import type { ShipmentRequest } from '../../domain/types.js';
import { ApiError, toApiError } from '../../domain/errors.js';
import { createHttpClient, xmlFormCodec } from '../shared/http-client.js';
import { buildCancelRequest, parseCancelResponse } from './cancel.js';
import {
  buildAccountStatusRequest,
  buildChangePassPhraseRequest,
  buildRecreditRequest,
  parseAccountStatusResponse,
  parseChangePassPhraseResponse,
  parseRecreditResponse,
  postageBalanceOf,
} from './account.js';
import { SANDBOX_REQUESTER_ID, credentialsOf, parseValidateCredentialsResponse } from './auth.js';
import { ENDPOINTS, type FormEndpoint } from './endpoints.js';
import { parseErrorResponse, unexpectedBody } from './errors.js';
import { declaration } from './declaration.js';
import { bookingOf, buildLookupRequest, parseLookupResponse } from './lookup.js';
import { buildManifestRequest, parseManifestResponse } from './manifest.js';
import { buildRateRequest, parseRateResponse, sumPackageRates } from './rate.js';
import { checkDestination, mailClass } from './mapping.js';
import { assembleShipment, buildShipRequest, labelAttributesOf, parseShipResponse, type BookedLabel } from './ship.js';
import { buildTrackRequest, parseTrackManyResponse, parseTrackResponse } from './track.js';
import type { AccountState, Credentials } from './wire.js';

/** The account operations ELS offers besides the spec's: funding the balance, the pass phrase. */
export interface CarrierDResellerAccountOps {
  accountStatus(call: CarrierCall): Promise<AccountState>;
  /** Buys `amount` USD of postage (min 10, §7); answers the account with its new balance. */
  buyPostage(call: CarrierCall, amount: number, requestId?: string): Promise<AccountState>;
  changePassPhrase(call: CarrierCall, newPassPhrase: string, tokenRequested?: boolean): Promise<{ token?: string }>;
}

/** Bookings per package of a shipment with several packages. */
const MAX_PACKAGES = 50;
/** Pages of one transactions listing at most: a reference names at most MAX_PACKAGES labels. */
const MAX_LISTING_PAGES = 10;

export function createAdapter(deps: CarrierDeps): CarrierAdapter & CarrierDResellerAccountOps {
  const { clock } = deps;
  const configuredRequesterId = deps.operator?.carrier_d_reseller?.requester_id;

  function credentials(call: CarrierCall): Credentials {
    const emulated = deps.emulated?.('carrier_d_reseller', call.test) ?? false;
    return credentialsOf(
      call.auth,
      emulated ? SANDBOX_REQUESTER_ID : (configuredRequesterId ?? (call.test ? SANDBOX_REQUESTER_ID : undefined)),
    );
  }

  const client = createHttpClient(deps, {
    carrier: 'carrier_d_reseller',
    // The AccountID and PassPhrase travel in every request's CertifiedIntermediary.
    auth: { kind: 'none' },
    codec: xmlFormCodec,
    headers: { accept: 'text/xml' },
    // Any HTTP status but 200 is a failure ELS itself never sends.
    ok: (status) => status === 200,
    parseErrorResponse,
    unexpectedBody,
  });

  /** One form post of the operation's XML; the answer's text. */
  const send = (call: CarrierCall, op: FormEndpoint, body: object): Promise<string> =>
    client.send(call, { endpoint: op, body });

  /** Refunds labels already bought when a later package of the same shipment failed. */
  async function refundBought(
    call: CarrierCall,
    creds: Credentials,
    labels: BookedLabel[],
    failure: unknown,
  ): Promise<ApiError> {
    const err = toApiError(failure);
    if (labels.length === 0) return err;
    const pics = labels.map((l) => l.trackingNumber);
    let note: string;
    try {
      parseCancelResponse(await send(call, ENDPOINTS.cancel, buildCancelRequest(pics, creds)), pics);
      note = `labels already bought were refunded: ${pics.join(', ')}`;
    } catch (refundErr) {
      call.log.error(
        { err: refundErr, carrier: 'carrier_d_reseller', tracking_numbers: pics },
        'a multi-package booking failed and refunding its bought labels failed too',
      );
      note = `labels already bought could NOT be refunded (${toApiError(refundErr).message}): ${pics.join(', ')}`;
    }
    return new ApiError(err.code, err.message, err.detail ? `${err.detail}; ${note}` : note, {
      cause: err,
      ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    });
  }

  async function rateOnce(call: CarrierCall, req: ShipmentRequest, creds: Credentials) {
    const asked = mailClass(req);
    const op = asked === undefined ? ENDPOINTS.rates : ENDPOINTS.rate;
    return Promise.all(
      req.packages.map(async (p) => parseRateResponse(await send(call, op, buildRateRequest(req, p, creds)), asked)),
    );
  }

  return {
    declaration,
    async rate(call, req) {
      checkDestination(req);
      const rates = sumPackageRates(await rateOnce(call, req, credentials(call)));
      // A service asked by name answers under that name (carrier_d_return is rated as its mail class).
      return req.service === undefined ? rates : rates.map((r) => ({ ...r, service_type: req.service as string }));
    },
    async ship(call, req) {
      if (req.packages.length > MAX_PACKAGES)
        throw new ApiError(
          'schema_validation_error',
          `carrier_d_reseller books at most ${MAX_PACKAGES} packages per shipment`,
          'shipment.packages',
        );
      const creds = credentials(call);
      const format = labelAttributesOf(req).ImageFormat;
      // Validate every package's request before buying the first label.
      const requests = req.packages.map((_, i) =>
        buildShipRequest(req, i, creds, { test: call.test, now: clock.now() }),
      );
      const labels: BookedLabel[] = [];
      for (const request of requests) {
        try {
          labels.push(parseShipResponse(await send(call, ENDPOINTS.ship, request), format));
        } catch (err) {
          throw await refundBought(call, creds, labels, err);
        }
      }
      return assembleShipment(req, labels, deps.labels.mergePdfs);
    },
    async lookupReference(call, req, bookedAt) {
      const creds = credentials(call);
      const pics: string[] = [];
      let next: string | undefined;
      for (let page = 1; ; page++) {
        const listed = parseLookupResponse(
          await send(call, ENDPOINTS.lookupReference, buildLookupRequest(req, creds, bookedAt, next)),
          req.waybill_reference!,
        );
        pics.push(...listed.pics.filter((p) => !pics.includes(p)));
        if (listed.next === undefined) break;
        if (page === MAX_LISTING_PAGES)
          throw unexpectedBody(`transactions listing (still not complete after ${page} pages)`);
        next = listed.next;
      }
      const booking = bookingOf(pics, req.packages.length);
      if (booking === null || 'found' in booking) return booking?.found ?? null;
      // Cut off between its labels: refunded as a failed booking's are, so it is booked again whole
      // (a refund refused throws, and the booking is asked about again later).
      parseCancelResponse(
        await send(call, ENDPOINTS.cancel, buildCancelRequest(booking.partial, creds)),
        booking.partial,
      );
      call.log.warn(
        { carrier: 'carrier_d_reseller', tracking_numbers: booking.partial, packages: req.packages.length },
        'a booking cut off between its labels was found in part; those labels were refunded',
      );
      return null;
    },
    async track(call, trackingNumber) {
      return parseTrackResponse(
        await send(call, ENDPOINTS.track, buildTrackRequest(trackingNumber, credentials(call))),
        trackingNumber,
      );
    },
    async trackMany(call, trackingNumbers) {
      return parseTrackManyResponse(
        await send(call, ENDPOINTS.track, buildTrackRequest(trackingNumbers, credentials(call))),
        trackingNumbers,
      );
    },
    async cancel(call, shipment) {
      const pics = shipment.carrier_shipment_id ? shipment.carrier_shipment_id.split(',') : [shipment.tracking_number];
      return parseCancelResponse(await send(call, ENDPOINTS.cancel, buildCancelRequest(pics, credentials(call))), pics);
    },
    async manifest(call, req) {
      return parseManifestResponse(
        await send(call, ENDPOINTS.manifest, buildManifestRequest(req, credentials(call))),
        req,
      );
    },
    async validateCredentials(call) {
      try {
        return parseValidateCredentialsResponse(
          await send(call, ENDPOINTS.accountStatus, buildAccountStatusRequest(credentials(call))),
        );
      } catch (err) {
        // Refused credentials (or none usable) are an answer, never an error status.
        if (err instanceof ApiError && err.code === 'carrier_authentication')
          return { valid: false, message: err.message };
        throw err;
      }
    },
    async accountStatus(call) {
      return parseAccountStatusResponse(
        await send(call, ENDPOINTS.accountStatus, buildAccountStatusRequest(credentials(call))),
      );
    },
    async buyPostage(call, amount, requestId) {
      return parseRecreditResponse(
        await send(call, ENDPOINTS.buyPostage, buildRecreditRequest(credentials(call), amount, requestId)),
      );
    },
    async postageBalance(call) {
      return postageBalanceOf(await this.accountStatus(call));
    },
    async addPostage(call, amount, currency) {
      if (currency !== 'USD')
        throw new ApiError(
          'schema_validation_error',
          `carrier_d_reseller sells postage in USD, not ${currency}`,
          'add_funds.currency',
        );
      // The limits are checked before any call; the request's member is add_funds.amount.
      const request = (() => {
        try {
          return buildRecreditRequest(credentials(call), amount);
        } catch (err) {
          if (err instanceof ApiError && err.detail === 'amount')
            throw new ApiError(err.code, err.message, 'add_funds.amount');
          throw err;
        }
      })();
      return postageBalanceOf(parseRecreditResponse(await send(call, ENDPOINTS.buyPostage, request)));
    },
    async changePassPhrase(call, newPassPhrase, tokenRequested = false) {
      return parseChangePassPhraseResponse(
        await send(
          call,
          ENDPOINTS.changePassPhrase,
          buildChangePassPhraseRequest(credentials(call), newPassPhrase, tokenRequested),
        ),
      );
    },
  };
}
