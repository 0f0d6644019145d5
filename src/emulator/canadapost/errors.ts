/**
 * Canada Post's one error body for every web service: `<messages><message><code/><description/>
 * </message></messages>` in the messages namespace, with a 4xx or 5xx status. The codes the
 * emulator answers with are the carrier's own where its published message table or recorded
 * answers give one (E002 refused credentials, 004 no PIN history, 8064 void after transmit,
 * 7292 refund already requested, "Server" for a body its schema refuses); the others are the
 * emulator's, listed in the carrier's README.
 */
import { buildXml } from '../../carriers/shared/xml.js';

export const MESSAGES_TYPE = 'application/vnd.cpc.messages+xml';
const NAMESPACE = 'http://www.canadapost.ca/ws/messages';

/** Thrown by handlers; the carrier plugin's error handler renders it. */
export class CpcFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

export function messagesXml(code: string, description: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml('messages', { '@_xmlns': NAMESPACE, message: { code, description } })}`;
}

export const failures = {
  unauthorized: (): CpcFailure => new CpcFailure(401, 'E002', 'AAA Authentication Failure'),
  /** What the gateway's schema check says of a body it refuses, naming the call's path. */
  schema: (path: string, detail: string): CpcFailure => new CpcFailure(400, 'Server', `${path}: ${detail}`),
  invalid: (code: string, description: string): CpcFailure => new CpcFailure(400, code, description),
  noPin: (): CpcFailure => new CpcFailure(404, '004', 'No Pin History'),
  noShipment: (): CpcFailure => new CpcFailure(404, '8001', 'Invalid / Expired shipment-id'),
  transmitted: (): CpcFailure =>
    new CpcFailure(
      400,
      '8064',
      'A Shipment can only be void if it is in a PROCESSED or PRINTED state. If it has been transmitted, a Refund request should be submitted.',
    ),
  refunded: (): CpcFailure =>
    new CpcFailure(
      409,
      '7292',
      'A refund has already been requested for this shipment. Note that refund requests may take a few days to be processed.',
    ),
};
