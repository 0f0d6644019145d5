/**
 * The canadapost emulator: Canada Post's REST web services at their real paths, mounted by
 * server.ts under `/canadapost`, in the carrier's XML and media types. Every failure, injected
 * faults included, is its `<messages>` body (errors.ts).
 */
import type { EmulatedCarrierModule, EmulatorContext } from '../carrier.js';
import { cutReplies, emulatedCarrier, type ErrorReply } from '../skeleton.js';
import { registerAuth } from './auth.js';
import { CANADAPOST_OPERATIONS, createCtx } from './context.js';
import { CpcFailure, messagesXml, MESSAGES_TYPE } from './errors.js';
import { registerRateRoutes } from './rate.js';
import { registerShipRoutes } from './ship.js';
import { CarrierCanadapostState } from './state.js';
import { registerTrackRoutes } from './track.js';
import { registerPickupRoutes } from './pickup.js';
import { registerLocationRoutes } from './locations.js';
import { registerManifestRoutes } from './manifest.js';
import { registerTrackReferenceRoutes } from './track-reference.js';

/** The first bytes of each operation's answer, cut off: what a `malformed` fault returns. */
const MALFORMED_START: Record<string, string> = {
  rate: '<?xml version="1.0" encoding="UTF-8"?>\n<price-quotes xmlns="http://www.canadapost.ca/ws/ship/rate-v4"><price-quote><service-co',
  services:
    '<?xml version="1.0" encoding="UTF-8"?>\n<services xmlns="http://www.canadapost.ca/ws/ship/rate-v4"><service><serv',
  ship: '<?xml version="1.0" encoding="UTF-8"?>\n<shipment-info xmlns="http://www.canadapost.ca/ws/shipment-v8"><shipment-id>34',
  refund:
    '<?xml version="1.0" encoding="UTF-8"?>\n<shipment-refund-request-info xmlns="http://www.canadapost.ca/ws/shipment-v8"><serv',
  track:
    '<?xml version="1.0" encoding="UTF-8"?>\n<tracking-detail xmlns="http://www.canadapost.ca/ws/track-v2"><pin>70',
  return:
    '<?xml version="1.0" encoding="UTF-8"?>\n<authorized-return-info xmlns="http://www.canadapost.ca/ws/authreturn-v2"><tracking-p',
  pickup_availability: '<?xml version="1.0" encoding="UTF-8"?>\n<pickup-availability><postal-code>K2',
  pickup:
    '<?xml version="1.0" encoding="UTF-8"?>\n<pickup-request-info xmlns="http://www.canadapost.ca/ws/pickuprequest"><pickup-request-hea',
  postoffice:
    '<?xml version="1.0" encoding="UTF-8"?>\n<post-office-list xmlns="http://www.canadapost.ca/ws/postoffice"><post-office><addr',
  manifest:
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifests xmlns="http://www.canadapost.ca/ws/manifest-v8"><link rel="mani',
  shipments:
    '<?xml version="1.0" encoding="UTF-8"?>\n<shipments xmlns="http://www.canadapost.ca/ws/shipment-v8"><link rel="sh',
};

const reply = (status: number, code: string, description: string): ErrorReply => ({
  status,
  body: messagesXml(code, description),
  contentType: MESSAGES_TYPE,
});

export function createCarrierCanadapost(emulator: EmulatorContext): EmulatedCarrierModule<CarrierCanadapostState> {
  const state = new CarrierCanadapostState(emulator.clock, emulator.sequences, emulator.credentials);
  const ctx = createCtx(state, emulator.clock);

  return emulatedCarrier({
    slug: 'canadapost',
    operations: CANADAPOST_OPERATIONS,
    state,
    ctx,
    routes: [
      registerAuth,
      registerRateRoutes,
      registerShipRoutes,
      registerTrackRoutes,
      registerPickupRoutes,
      registerLocationRoutes,
      registerManifestRoutes,
      registerTrackReferenceRoutes,
    ],
    errors: {
      known: (err) => (err instanceof CpcFailure ? reply(err.status, err.code, err.message) : undefined),
      // A body in another media type or not XML at all: the gateway refuses it as unsupported.
      unreadable: () => reply(415, 'Server', 'The request body is not in a media type this resource accepts.'),
      internal: () => reply(500, 'Server', 'Internal Server Error'),
      notFound: (request) =>
        reply(404, 'Server', `No resource at ${request.method} ${request.url.replace(/^\/canadapost/, '')}`),
    },
    bookings: () =>
      state.booked.map((s) => ({
        tracking_number: s.pin,
        references: s.references,
        booked_at: s.bookedAt.toISOString(),
        cancelled: s.voided || s.refund !== undefined,
      })),
    faults: {
      contentType: MESSAGES_TYPE,
      http_500: () => messagesXml('Server', 'Internal Server Error'),
      // The carrier's throttle answer (its message table: "Rejected by SLM Monitor").
      http_429: () => messagesXml('Server', 'Rejected by SLM Monitor'),
      auth: () => messagesXml('E002', 'AAA Authentication Failure'),
      malformed: cutReplies(MALFORMED_START),
      malformedType: 'application/xml',
    },
  });
}
