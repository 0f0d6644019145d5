/**
 * Waybill's reference in the LabelRequest's ReferenceID, and the transactions listing that finds
 * a booking by it (GetTransactionsListingXML; no recorded listing exists, so the answers are built
 * as the WSDL's TransactionsListingResponse describes them).
 */
import { describe, expect, it } from 'vitest';
import { buildShipRequest } from '../../../src/carriers/carrier_d_reseller/ship.js';
import { bookingOf, buildLookupRequest, parseLookupResponse } from '../../../src/carriers/carrier_d_reseller/lookup.js';
import { apiErrorOf, creds, request } from './support.js';

const now = new Date('2026-03-10T12:00:00Z');
const REF = 'WB0123456789ABCDEF01234567';
const withRefs = (references: { type: string; value: string }[]) => request({ references, waybill_reference: REF });
const refs = (r: ReturnType<typeof request>) => {
  const built = buildShipRequest(r, 0, creds, { test: true, now });
  return Object.fromEntries(
    ['ReferenceID', 'ReferenceID2', 'ReferenceID3', 'ReferenceID4'].flatMap((e) =>
      built[e] === undefined ? [] : [[e, built[e]]],
    ),
  );
};

const transaction = (pic: string, id: number, reference = REF, extra = '', attrs = '') =>
  `<Transaction TransactionType="PRINT" TransactionDateTime="20260310120000"${attrs}><PIC>${pic}</PIC><TransactionID>${id}</TransactionID><Amount>9.35</Amount><CostCenter>0</CostCenter><ReferenceID>${reference}</ReferenceID>${extra}</Transaction>`;
const listing = (
  transactions: string[],
  attrs = 'StartingTransactionID="1" EndingTransactionID="9" CompleteDataSet="true"',
) =>
  `<?xml version="1.0" encoding="utf-8"?><TransactionsListingResponse xmlns="www.envmgr.com/LabelService" ${attrs}><Status>0</Status><RequesterID>lxxx</RequesterID><TransactionsResults>${transactions.join('')}</TransactionsResults></TransactionsListingResponse>`;

describe("carrier_d_reseller: Waybill's reference in ReferenceID", () => {
  it('rides in ReferenceID, the shipper’s references in the elements after it', () => {
    expect(refs(withRefs([]))).toEqual({ ReferenceID: REF });
    expect(
      refs(
        withRefs([
          { type: 'reference_2', value: 'R2' },
          { type: 'po', value: 'P' },
        ]),
      ),
    ).toEqual({ ReferenceID: REF, ReferenceID2: 'R2', ReferenceID3: 'P' });
  });

  it('leaves a shipper’s ReferenceID, or all four elements, alone, and then cannot look the booking up', async () => {
    const first = withRefs([{ type: 'reference_1', value: 'R1' }]);
    expect(refs(first)).toEqual({ ReferenceID: 'R1' });
    expect((await apiErrorOf(() => buildLookupRequest(first, creds, now))).code).toBe('carrier_unsupported_method');
    const four = withRefs(['a', 'b', 'c', 'd'].map((value) => ({ type: 'po', value })));
    expect(refs(four)).toEqual({ ReferenceID: 'a', ReferenceID2: 'b', ReferenceID3: 'c', ReferenceID4: 'd' });
    expect((await apiErrorOf(() => buildLookupRequest(four, creds, now))).code).toBe('carrier_unsupported_method');
  });
});

describe('carrier_d_reseller: the transactions listing by ReferenceID', () => {
  it('asks for the label purchases with the reference, from the day before the call to the day after', () => {
    expect(buildLookupRequest(withRefs([]), creds, now)).toEqual({
      RequestID: `lookup-${REF}`,
      RequestOptions: {
        '@_StartDateTime': '03/09/2026 12:00:00',
        '@_EndDateTime': '03/11/2026 12:00:00',
        '@_ReferenceID': REF,
        '@_TransactionType': 'PRINTS',
        '@_RefundStatus': 'ALL',
        '@_PurchaseType': 'ALL',
      },
      RequesterID: 'lxxx',
      CertifiedIntermediary: { AccountID: '1234567', PassPhrase: 'current_password' },
    });
    expect(buildLookupRequest(withRefs([]), creds, now, '42').RequestOptions['@_StartingTransactionID']).toBe('42');
  });

  it('reads the labels bought with the reference in purchase order, leaving out refunded ones and other references', () => {
    const body = listing([
      transaction('9400000000000000000002', 7),
      transaction('9400000000000000000001', 5),
      transaction('9400000000000000000003', 6, 'WBOTHER'),
      transaction(
        '9400000000000000000004',
        8,
        REF,
        '<RefundDetails><RefundRequestType>Electronic</RefundRequestType><RefundStatus>REFUNDED</RefundStatus></RefundDetails>',
      ),
      transaction('9400000000000000000005', 9, REF, '', ' RefundStatus="SUBMITTED"'),
    ]);
    expect(parseLookupResponse(body, REF)).toEqual({ pics: ['9400000000000000000001', '9400000000000000000002'] });
    expect(parseLookupResponse(listing([]), REF)).toEqual({ pics: [] });
  });

  it('cannot name a booking whose label has no PIC (international: its customs number is not listed), and says so rather than asking again', async () => {
    const international = `<Transaction TransactionType="PRINT" TransactionDateTime="20260310120000"><TransactionID>7</TransactionID><Amount>41.20</Amount><ReferenceID>${REF}</ReferenceID></Transaction>`;
    const err = await apiErrorOf(() => parseLookupResponse(listing([international]), REF));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/transaction 7/);
  });

  it('goes on after an incomplete answer from the transaction after its last', () => {
    const body = listing(
      [transaction('9400000000000000000001', 5)],
      'StartingTransactionID="5" EndingTransactionID="5" CompleteDataSet="false"',
    );
    expect(parseLookupResponse(body, REF)).toEqual({ pics: ['9400000000000000000001'], next: '6' });
  });

  it('passes the Label Server’s errors on', async () => {
    const refused =
      '<?xml version="1.0"?><TransactionsListingResponse xmlns="www.envmgr.com/LabelService" StartingTransactionID="0" EndingTransactionID="0" CompleteDataSet="false"><Status>12507</Status><ErrorMessage>The pass phrase is incorrect.</ErrorMessage></TransactionsListingResponse>';
    expect((await apiErrorOf(() => parseLookupResponse(refused, REF))).code).toBe('carrier_authentication');
    expect((await apiErrorOf(() => parseLookupResponse('<html/>', REF))).code).toBe('carrier_http_exception');
  });

  it('settles a booking: none, all its labels (found, numbers of every package), part of them (to refund)', async () => {
    expect(bookingOf([], 1)).toBeNull();
    expect(bookingOf(['A'], 1)).toEqual({ found: { tracking_number: 'A', package_tracking_numbers: ['A'] } });
    expect(bookingOf(['A', 'B'], 2)).toEqual({
      found: { tracking_number: 'A', package_tracking_numbers: ['A', 'B'], carrier_shipment_id: 'A,B' },
    });
    expect(bookingOf(['A'], 3)).toEqual({ partial: ['A'] });
    expect((await apiErrorOf(() => bookingOf(['A', 'B'], 1))).code).toBe('conflict');
  });
});
