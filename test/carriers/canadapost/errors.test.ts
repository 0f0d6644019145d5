/** canadapost `<messages>` answers → ApiError: the descriptions to `message`, the codes and status to `detail`. */
import { describe, expect, it } from 'vitest';
import { errorFromBody, parseErrorResponse, throwIfError } from '../../../src/carriers/canadapost/errors.js';
import { parseXml } from '../../../src/carriers/shared/xml.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf } from '../support.js';
import { fixture } from './support.js';

describe.skipIf(fixturesMissing)('recorded error bodies', () => {
  it('failed authentication inside a wrapper element', () => {
    expect(parseErrorResponse(401, fixture('tracking_AuthError.xml'))).toMatchObject({
      code: 'carrier_authentication',
      message: 'AAA Authentication Failure',
      detail: 'canadapost HTTP 401; code E002',
    });
  });

  it('no right to mail for that customer is refused credentials, whatever the status', () => {
    expect(parseErrorResponse(400, fixture('rate_RatingParsingErrorXML.xml'))).toMatchObject({
      code: 'carrier_authentication',
      message: 'You cannot mail on behalf of the requested customer.',
    });
  });
});

describe('parseErrorResponse', () => {
  const messages = (code: string, description: string) =>
    `<messages xmlns="http://www.canadapost.ca/ws/messages"><message><code>${code}</code><description>${description}</description></message></messages>`;

  it('classifies by the table, then by status', () => {
    expect(parseErrorResponse(404, messages('004', 'No Pin History'), { notFound: true })).toMatchObject({
      code: 'carrier_no_shipment_found',
      message: 'No Pin History',
      detail: 'canadapost HTTP 404; code 004',
    });
    expect(parseErrorResponse(400, messages('1153', 'Invalid postal code')).code).toBe('carrier_exception');
    expect(parseErrorResponse(403, '<html>Forbidden</html>').code).toBe('carrier_authentication');
    expect(parseErrorResponse(502, 'Bad Gateway').code).toBe('carrier_http_exception');
  });

  it('finds messages answered with 200, and nothing in a success body', () => {
    expect(apiErrorOf(() => throwIfError(parseXml(messages('004', 'No Pin History')))).message).toBe('No Pin History');
    expect(
      errorFromBody(200, parseXml('<price-quotes xmlns="http://www.canadapost.ca/ws/ship/rate-v4"></price-quotes>')),
    ).toBeUndefined();
  });
});
