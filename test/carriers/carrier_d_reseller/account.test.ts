/**
 * Refunds, SCAN forms and the account operations against the recorded samples: VCR get_refund_*,
 * buy_postage_*, change_pass_phrase_*, ELS guide listings 4-*, 5-*, 10-*, tehpeh change_pass_phrase.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { buildCancelRequest, parseCancelResponse } from '../../../src/carriers/carrier_d_reseller/cancel.js';
import {
  buildAccountStatusRequest,
  buildChangePassPhraseRequest,
  buildRecreditRequest,
  parseAccountStatusResponse,
  parseChangePassPhraseResponse,
  parseRecreditResponse,
} from '../../../src/carriers/carrier_d_reseller/account.js';
import { parseValidateCredentialsResponse } from '../../../src/carriers/carrier_d_reseller/auth.js';
import { buildManifestRequest, parseManifestResponse } from '../../../src/carriers/carrier_d_reseller/manifest.js';
import { fixturesMissing } from '../../support/fixtures.js';
import { apiErrorOf, creds, requestDiff, sample } from './support.js';

const guide = { requesterId: 'abcd', accountId: '123456', passPhrase: 'samplePassPhrase' };

describe.skipIf(fixturesMissing)('refunds (GetRefundXML)', () => {
  it('builds the VCR refund request but for our RequestID', () => {
    expect(
      requestDiff(
        'RefundRequest',
        buildCancelRequest(['9499907123456123456782'], creds),
        sample('endpost-vcr__get_refund_success__request.xml'),
      ),
    ).toEqual(['~/RefundRequest/RequestID: refund-9499907123456123456782 ≠ 0']);
  });

  it('reads an approval, and a denial as carrier_exception with ELS’s reason', async () => {
    expect(
      parseCancelResponse(sample('endpost-vcr__get_refund_success__response.xml'), ['9499907123456123456781']),
    ).toEqual({ message: 'Refund approved for label 9499907123456123456781' });
    const err = await apiErrorOf(() =>
      parseCancelResponse(sample('endpost-vcr__get_refund_error__response.xml'), ['9499907123456123456781']),
    );
    expect(err).toMatchObject({
      code: 'carrier_exception',
      detail: 'carrier_d_reseller status RefundStatus DeniedInvalid',
    });
    expect(err.message).toContain('RC INVALID_REFUND_RECORD due to missing tracking record');
  });

  it('refuses an answer without Refund elements and passes an ErrorMessage through', async () => {
    expect(
      (
        await apiErrorOf(() =>
          parseCancelResponse('<RefundResponse><RequesterID>l</RequesterID></RefundResponse>', ['1']),
        )
      ).code,
    ).toBe('carrier_http_exception');
    expect(
      (
        await apiErrorOf(() =>
          parseCancelResponse('<RefundResponse><ErrorMessage>Refunds are closed.</ErrorMessage></RefundResponse>', [
            '1',
          ]),
        )
      ).message,
    ).toBe('Refunds are closed.');
  });
});

describe('SCAN forms (GetSCANXML)', () => {
  it('builds a SCANRequest for the PIC numbers with a PDF form', () => {
    expect(buildManifestRequest({ tracking_numbers: ['A', 'B'], ship_date: '2026-11-22' }, creds)).toEqual({
      RequesterID: 'lxxx',
      RequestID: 'scan-2026-11-22',
      CertifiedIntermediary: { AccountID: '1234567', PassPhrase: 'current_password' },
      GetSCANRequestParameters: { '@_ImageFormat': 'PDF' },
      PicNumbers: { PicNumber: ['A', 'B'] },
    });
  });

  it('reads the form and leaves excluded items out', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = Buffer.from(await doc.save()).toString('base64');
    const body = `<SCANResponse xmlns="www.envmgr.com/LabelService"><RequesterID>lxxx</RequesterID><SubmissionID>90000001</SubmissionID><SCANForm>${pdf}</SCANForm><ExcludedItems><Item><PicNumber>B</PicNumber><Reason>Refunded</Reason></Item></ExcludedItems></SCANResponse>`;
    const r = parseManifestResponse(body, { tracking_numbers: ['A', 'B'], ship_date: '2026-11-22' });
    expect(r).toMatchObject({ carrier_manifest_id: '90000001', tracking_numbers: ['A'] });
    expect(Buffer.from(r.document).subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (
        await apiErrorOf(() =>
          parseManifestResponse('<SCANResponse><SCANForm>aGVsbG8=</SCANForm></SCANResponse>', {
            tracking_numbers: ['A'],
            ship_date: '2026-11-22',
          }),
        )
      ).message,
    ).toContain('not a PDF');
  });

  it.skipIf(fixturesMissing)('refuses the legacy ELSServices SCANResponse (listing 15-2): no form in it', async () => {
    expect(
      (
        await apiErrorOf(() =>
          parseManifestResponse(sample('els-guide-v7.0-2013__legacy_ELSServices_SCANResponse__listing-15-2.xml'), {
            tracking_numbers: ['A'],
            ship_date: '2026-11-22',
          }),
        )
      ).code,
    ).toBe('carrier_http_exception');
  });
});

describe.skipIf(fixturesMissing)('account status, postage purchase and pass phrase', () => {
  it('builds the guide’s account status request (listing 10-1) but for our RequestID', () => {
    expect(
      requestDiff(
        'AccountStatusRequest',
        buildAccountStatusRequest(guide),
        sample('els-guide-v7.0-2013__AccountStatusRequest__listing-10-1.xml'),
      ),
    ).toEqual(['~/AccountStatusRequest/RequestID: account-status ≠ GAS12345']);
  });

  it('reads the account status (listing 10-2) and answers validate_credentials', () => {
    const body = sample('els-guide-v7.0-2013__AccountStatusResponse__listing-10-2.xml');
    expect(parseAccountStatusResponse(body)).toEqual({
      accountId: '123456',
      postageBalance: '76.55',
      accountStatus: 'A',
    });
    expect(parseValidateCredentialsResponse(body)).toEqual({
      valid: true,
      message: 'carrier_d_reseller account 123456 is active; postage balance 76.55 USD',
    });
  });

  it('answers refused credentials as valid: false, and other failures as errors', async () => {
    const refused =
      '<AccountStatusResponse><Status>12507</Status><ErrorMessage>The pass phrase is incorrect. Error encountered (Log ID: 9)</ErrorMessage></AccountStatusResponse>';
    expect(parseValidateCredentialsResponse(refused)).toEqual({
      valid: false,
      message: 'The pass phrase is incorrect. Error encountered (Log ID: 9)',
    });
    expect(
      parseValidateCredentialsResponse(
        '<AccountStatusResponse><Status>0</Status><CertifiedIntermediary><AccountID>1</AccountID><AccountStatus>S</AccountStatus></CertifiedIntermediary></AccountStatusResponse>',
      ).valid,
    ).toBe(false);
    expect(
      (
        await apiErrorOf(() =>
          parseValidateCredentialsResponse(
            '<AccountStatusResponse><Status>12130</Status><ErrorMessage>Unavailable</ErrorMessage></AccountStatusResponse>',
          ),
        )
      ).code,
    ).toBe('carrier_http_exception');
  });

  it('builds the VCR and guide postage purchases (RecreditRequest) with their differences', async () => {
    expect(
      requestDiff(
        'RecreditRequest',
        buildRecreditRequest(creds, 10, '0'),
        sample('endpost-vcr__buy_postage_success__request.xml'),
      ),
    ).toEqual(['~/RecreditRequest/RecreditAmount: 10.00 ≠ 10']);
    expect(
      requestDiff(
        'RecreditRequest',
        buildRecreditRequest(guide, 250, 'BP123'),
        sample('els-guide-v7.0-2013__RecreditRequest__listing-4-1.xml'),
      ),
    ).toEqual(['~/RecreditRequest/RecreditAmount: 250.00 ≠ 250']);
    expect((await apiErrorOf(() => buildRecreditRequest(creds, 5))).code).toBe('schema_validation_error');
  });

  it('reads the purchase answers: the new balance, and 12118 as the carrier’s complaint', async () => {
    expect(parseRecreditResponse(sample('endpost-vcr__buy_postage_success__response.xml'))).toEqual({
      accountId: '1234567',
      postageBalance: '30.00',
      accountStatus: 'A',
    });
    expect(
      parseRecreditResponse(sample('els-guide-v7.0-2013__RecreditRequestResponse__listing-4-2.xml')).postageBalance,
    ).toBe('76.55');
    const err = await apiErrorOf(() => parseRecreditResponse(sample('endpost-vcr__buy_postage_error__response.xml')));
    expect(err).toMatchObject({
      code: 'carrier_exception',
      message: 'The purchase amount is too low. Error encountered (Log ID: 45220)',
      detail: 'carrier_d_reseller status 12118',
    });
  });

  it('builds and reads pass-phrase changes (VCR, listing 5-*, tehpeh)', async () => {
    expect(
      requestDiff(
        'ChangePassPhraseRequest',
        buildChangePassPhraseRequest({ ...creds }, 'new_password'),
        sample('endpost-vcr__change_pass_phrase_success__request.xml'),
      ),
    ).toEqual([
      '+/ChangePassPhraseRequest/@TokenRequested = false',
      '~/ChangePassPhraseRequest/RequestID: change-pass-phrase ≠ 0',
    ]);
    expect(
      requestDiff(
        'ChangePassPhraseRequest',
        buildChangePassPhraseRequest(guide, 'newPassPhrase', true),
        sample('els-guide-v7.0-2013__ChangePassPhraseRequest__listing-5-1.xml'),
      ),
    ).toEqual([
      '+/ChangePassPhraseRequest/@TokenRequested = true',
      '~/ChangePassPhraseRequest/RequestID: change-pass-phrase ≠ CPP123',
    ]);
    expect(parseChangePassPhraseResponse(sample('endpost-vcr__change_pass_phrase_success__response.xml'))).toEqual({});
    expect(
      parseChangePassPhraseResponse(sample('els-guide-v7.0-2013__ChangePassPhraseRequestResponse__listing-5-2.xml')),
    ).toEqual({});
    expect(parseChangePassPhraseResponse(sample('tehpeh__change_pass_phrase_success.xml'))).toEqual({ token: '12343' });
    const err = await apiErrorOf(() =>
      parseChangePassPhraseResponse(sample('endpost-vcr__change_pass_phrase_error__response.xml')),
    );
    expect(err).toMatchObject({ code: 'carrier_authentication', detail: 'carrier_d_reseller status 12507' });
    expect(err.message).toContain('pass phrase is incorrect');
    expect((await apiErrorOf(() => buildChangePassPhraseRequest(creds, 'abc'))).code).toBe('schema_validation_error');
  });
});
