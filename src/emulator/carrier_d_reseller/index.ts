/**
 * The carrier_d_reseller emulator: the Endicia Label Server's HTTP-POST interface (src/carriers/carrier_d_reseller/README.md §1-§2)
 * at its real paths, mounted by server.ts under `/carrier_d_reseller`. Every outcome ELS decides is
 * HTTP 200 with a Status in the operation's response document; what ASP.NET itself answers (a
 * missing form parameter, an unknown path) is a plain-text 500 / 404, as the real host does.
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { registerFormParser } from '../forms.js';
import { emulatedCarrier } from '../skeleton.js';
import { registerAccountRoutes } from './account.js';
import { CARRIER_D_RESELLER_OPERATIONS, createCtx, document, MissingParameter } from './context.js';
import { registerRateRoutes } from './rate.js';
import { registerManifestRoutes } from './manifest.js';
import { registerShipRoutes } from './ship.js';
import { CarrierDResellerState } from './state.js';
import { registerTrackReferenceRoutes } from './track-reference.js';
import { registerTrackRoutes } from './track.js';

/** Response root of each operation: the document faults answer in. */
const RESPONSE_ROOTS: Record<string, string> = {
  rate: 'PostageRateResponse',
  rates: 'PostageRatesResponse',
  ship: 'LabelRequestResponse',
  cancel: 'RefundResponse',
  track: 'PackageStatusResponse',
  track_reference: 'TransactionsListingResponse',
  manifest: 'SCANResponse',
  account_status: 'AccountStatusResponse',
  buy_postage: 'RecreditRequestResponse',
  change_pass_phrase: 'ChangePassPhraseRequestResponse',
};

/** ASP.NET's text answer for an unhandled server error (HTTP 500). */
const SERVER_ERROR = 'System.InvalidOperationException: Server was unable to process request.';

const TEXT = 'text/plain; charset=utf-8';
const XML = 'text/xml; charset=utf-8';
const text = (status: number, body: string) => ({ status, body, contentType: TEXT });

export function createCarrierDReseller(emulator: EmulatorContext): EmulatedCarrierModule<CarrierDResellerState> {
  const state = new CarrierDResellerState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);
  const rootOf = (operation: string): string => RESPONSE_ROOTS[operation] ?? 'LabelRequestResponse';

  return emulatedCarrier({
    slug: 'carrier_d_reseller',
    operations: CARRIER_D_RESELLER_OPERATIONS,
    state,
    ctx,
    // The form parser first: the request XML travels URL-encoded in one form field (src/carriers/carrier_d_reseller/README.md §1).
    routes: [
      registerFormParser,
      registerRateRoutes,
      registerShipRoutes,
      registerTrackRoutes,
      registerTrackReferenceRoutes,
      registerManifestRoutes,
      registerAccountRoutes,
    ],
    errors: {
      known: (err) =>
        err instanceof MissingParameter ? text(500, `System.InvalidOperationException: ${err.message}`) : undefined,
      unreadable: () => text(500, 'System.InvalidOperationException: Request format is invalid.'),
      internal: () => text(500, SERVER_ERROR),
      notFound: (request) =>
        text(
          404,
          `Request format is unrecognized for URL unexpectedly ending in '${request.url.split('/').pop() ?? ''}'.`,
        ),
    },
    // Every label bought is a booking of its own (labels are single-piece), under the references it carries.
    bookings: () =>
      [...new Set(state.labels.values())]
        .sort((a, b) => a.printedAt.getTime() - b.printedAt.getTime())
        .map((l) => ({
          tracking_number: l.pic,
          references: l.references ?? [],
          booked_at: l.printedAt.toISOString(),
          cancelled: l.refundedAt !== undefined,
        })),
    faults: {
      contentType: TEXT,
      http_500: () => SERVER_ERROR,
      // ELS documents no throttling; the hosts' front end answers an overload like this.
      http_429: () => 'Too many requests.',
      // ELS refuses credentials in-body with HTTP 200 (VCR change_pass_phrase_error).
      auth: (operation) =>
        ctx.errorDocument(
          { operation: 'ship', path: '', field: '', root: '', responseRoot: rootOf(operation) },
          12507,
          'The Certified Intermediary\u2019s pass phrase is incorrect.',
        ),
      authReply: { status: 200, contentType: XML },
      malformed: (operation) => {
        const full = document(rootOf(operation), { Status: '0', TrackingNumber: '9400100000000000000000' });
        return full.slice(0, Math.floor(full.length * 0.7));
      },
      malformedType: XML,
    },
  });
}
