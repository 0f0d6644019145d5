/**
 * The carrier_d_reseller emulator on its own, over loopback: ELS's form-post XML interface at its
 * real paths, HTTP 200 with Status for every outcome, the postage balance, labels in every format
 * and size, tracking with the emulator clock, refunds, SCAN forms and faults in ELS's words.
 */
import { PDFDocument } from 'pdf-lib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildXml,
  parseXml,
  xmlAttr,
  xmlElement,
  xmlList,
  xmlRoot,
  xmlText,
  type XmlObject,
} from '../../src/carriers/shared/xml.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { isValidImpb, isValidS10 } from '../../src/emulator/check-digits.js';
import { fixedClock, HOUR, SUITE_CREDENTIALS } from './support.js';
import { OPENING_BALANCE } from '../../src/emulator/carrier_d_reseller/state.js';

let em: Emulator;
beforeAll(async () => {
  em = await createEmulator({ clock: fixedClock(), credentials: SUITE_CREDENTIALS });
});
afterAll(() => em.close());

const BASE = '/LabelService/EwsLabelService.asmx';

async function post(path: string, field: string, xml: string): Promise<{ status: number; type: string; text: string }> {
  const res = await request(`${em.carrierUrl('carrier_d_reseller')}${BASE}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [field]: xml }).toString(),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), text: await res.body.text() };
}

/** One operation: the answer's root element, checked to be HTTP 200 text/xml. */
async function els(path: string, field: string, root: string, body: object, responseRoot: string): Promise<XmlObject> {
  const res = await post(path, field, buildXml(root, body));
  expect(res.status).toBe(200);
  expect(res.type).toContain('text/xml');
  const doc = xmlRoot(parseXml(res.text), responseRoot);
  if (!doc) throw new Error(`no ${responseRoot}: ${res.text.slice(0, 300)}`);
  return doc;
}

const ci = (account: string, phrase = 'phrase-1') => ({
  CertifiedIntermediary: { AccountID: account, PassPhrase: phrase },
});
const label = (account: string, extra: Record<string, unknown> = {}) =>
  els(
    'GetPostageLabelXML',
    'labelRequestXML',
    'LabelRequest',
    {
      '@_Test': 'YES',
      '@_LabelType': 'Default',
      '@_ImageFormat': 'PDF',
      RequesterID: 'lxxx',
      AccountID: account,
      PassPhrase: 'phrase-1',
      MailClass: 'Priority',
      WeightOz: '16',
      MailpieceShape: 'Parcel',
      PartnerCustomerID: 'c1',
      ResponseOptions: { '@_PostagePrice': 'TRUE' },
      FromName: 'Ann',
      ReturnAddress1: '1 Main St',
      FromCity: 'Mountain View',
      FromState: 'CA',
      FromPostalCode: '94041',
      ToName: 'Bob & <Sons>',
      ToAddress1: '5 Fifth Ave',
      ToCity: 'New York',
      ToState: 'NY',
      ToPostalCode: '10001',
      ...extra,
    },
    'LabelRequestResponse',
  );
const status = (r: XmlObject) => xmlText(r.Status);
const balance = async (account: string) =>
  xmlText(
    xmlElement(
      (
        await els(
          'GetAccountStatusXML',
          'accountStatusRequestXML',
          'AccountStatusRequest',
          { RequesterID: 'lxxx', RequestID: '1', ...ci(account) },
          'AccountStatusResponse',
        )
      ).CertifiedIntermediary,
    )?.PostageBalance,
  );

describe('transport as ELS answers it', () => {
  it('answers a label as LabelRequestResponse in the LabelService namespace, with the VCR members', async () => {
    const res = await post(
      'GetPostageLabelXML',
      'labelRequestXML',
      buildXml('LabelRequest', { RequesterID: 'lxxx', AccountID: 'ns', PassPhrase: 'phrase-1' }),
    );
    expect(res.text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(res.text).toContain('xmlns="www.envmgr.com/LabelService"');
    const r = await label('t-1');
    expect(status(r)).toBe('0');
    expect(xmlText(r.PIC)).toBe(xmlText(r.TrackingNumber));
    expect(isValidImpb(xmlText(r.TrackingNumber) ?? '')).toBe(true);
    expect(
      Buffer.from(xmlText(r.Base64LabelImage) ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(xmlText(r.TransactionDateTime)).toMatch(/^\d{14}$/);
    expect(xmlAttr(r.PostagePrice, 'TotalAmount')).toBe(xmlText(r.FinalPostage));
  });

  it('answers every ELS error with HTTP 200, Status and a Log ID; ASP.NET errors as text', async () => {
    const missing = await label('t-1', { ToAddress1: undefined });
    expect(status(missing)).toBe('1001');
    expect(xmlText(missing.ErrorMessage)).toMatch(
      /^Missing or invalid element: ToAddress1\. Error encountered \(Log ID: \d+\)$/,
    );
    expect(xmlText(missing.FinalPostage)).toBe('0.0');
    expect(status(await label('t-1', { PartnerCustomerID: undefined }))).toBe('12144');
    expect(status(await label('t-1', { PassPhrase: 'other' }))).toBe('12507');
    expect(status(await label('t-1', { WeightOz: '2000' }))).toBe('407');
    expect(status(await label('t-1', { ToPostalCode: '1000' }))).toBe('308');
    expect(status(await label('t-1', { MailClass: 'Teleport' }))).toBe('405');
    const notXml = await post('GetPostageLabelXML', 'labelRequestXML', '<LabelRequest><a></LabelRequest>');
    expect(xmlText(xmlRoot(parseXml(notXml.text), 'LabelRequestResponse')?.Status)).toBe('12201');
    const wrongRoot = await post('GetPostageLabelXML', 'labelRequestXML', '<RefundRequest/>');
    expect(xmlText(xmlRoot(parseXml(wrongRoot.text), 'LabelRequestResponse')?.Status)).toBe('12125');
    const noField = await post('GetPostageLabelXML', 'otherField', '<LabelRequest/>');
    expect(noField).toMatchObject({ status: 500 });
    expect(noField.text).toContain('Missing parameter: labelRequestXML');
    expect((await post('NoSuchOperationXML', 'x', '<x/>')).status).toBe(404);
  });
});

describe('postage balance', () => {
  it('draws labels from the balance, refuses what it cannot pay (12503), and BuyPostage refills it', async () => {
    expect(await balance('bal-1')).toBe(OPENING_BALANCE.toFixed(2));
    const r = await label('bal-1');
    expect(Number(await balance('bal-1'))).toBeCloseTo(OPENING_BALANCE - Number(xmlText(r.FinalPostage)), 2);
    // Down to what an ordinary label costs, so that a heavy international one cannot be paid.
    em.state.carrier_d_reseller.accounts.get('bal-1')!.balance = 20;
    const heavy = {
      MailClass: 'PriorityMailExpressInternational',
      '@_LabelType': 'International',
      '@_LabelSubtype': 'Integrated',
      WeightOz: '1100',
      ToCountryCode: 'GB',
      ToState: undefined,
      ToPostalCode: 'SW1A 2AA',
      CustomsInfo: {
        ContentsType: 'Gift',
        CustomsItems: { CustomsItem: [{ Description: 'x', Quantity: '1', Weight: '10', Value: '5' }] },
      },
    };
    const refused = await label('bal-1', heavy);
    expect(status(refused)).toBe('12503');
    expect(xmlText(refused.ErrorMessage)).toContain('Insufficient postage');
    const recredit = (amount: string) =>
      els(
        'BuyPostageXML',
        'recreditRequestXML',
        'RecreditRequest',
        { RequesterID: 'lxxx', RequestID: '0', ...ci('bal-1'), RecreditAmount: amount },
        'RecreditRequestResponse',
      );
    const low = await recredit('5');
    expect(status(low)).toBe('12118');
    expect(xmlText(low.ErrorMessage)).toContain('The purchase amount is too low.');
    const bought = await recredit('500');
    expect(status(bought)).toBe('0');
    expect(xmlText(xmlElement(bought.CertifiedIntermediary)?.AccountStatus)).toBe('A');
    expect(status(await label('bal-1', heavy))).toBe('0');
  });

  it('changes the pass phrase; the old one is refused afterwards, a token is issued when asked', async () => {
    await balance('pp-1');
    const change = (phrase: string, next: string) =>
      els(
        'ChangePassPhraseXML',
        'changePassPhraseRequestXML',
        'ChangePassPhraseRequest',
        { '@_TokenRequested': 'true', RequesterID: 'lxxx', RequestID: '0', ...ci('pp-1', phrase), NewPassPhrase: next },
        'ChangePassPhraseRequestResponse',
      );
    const ok = await change('phrase-1', 'phrase-2');
    expect(status(ok)).toBe('0');
    expect(xmlText(ok.Token)).toBeDefined();
    expect(status(await change('phrase-1', 'phrase-3'))).toBe('12507');
    expect(status(await change('phrase-2', 'phrase-2'))).toBe('12669');
  });
});

describe('labels in every format and size', () => {
  const pageSize = async (b64: string) => {
    const page = (await PDFDocument.load(Buffer.from(b64, 'base64'))).getPage(0);
    return [page.getWidth() / 72, page.getHeight() / 72];
  };

  it('renders the stock of each LabelSize, case-insensitively', async () => {
    for (const [type, size, w, h] of [
      ['Default', '4x6', 4, 6],
      ['Default', '4X6', 4, 6],
      ['Default', '6x4', 6, 4],
      ['Default', 'DocTab', 4, 6.75],
      ['Default', '3.5x5.25', 3.5, 5.25],
      ['DestinationConfirm', '7x3', 7, 3],
      ['DestinationConfirm', 'Mailer7x5', 7, 5],
      ['DestinationConfirm', 'EnvelopeSize10', 9.5, 4.125],
    ] as const) {
      const r = await label('sizes', { '@_LabelType': type, '@_LabelSize': size });
      expect(status(r), size).toBe('0');
      expect(await pageSize(xmlText(r.Base64LabelImage) ?? '')).toEqual([w, h]);
    }
    expect(status(await label('sizes', { '@_LabelSize': '7x3' }))).toBe('1001');
  });

  it('renders every image format with its signature; printer formats need 203 dpi', async () => {
    const head = async (format: string, extra: Record<string, unknown> = {}) =>
      Buffer.from(
        xmlText((await label('formats', { '@_ImageFormat': format, ...extra })).Base64LabelImage) ?? '',
        'base64',
      );
    expect((await head('PNG'))[0]).toBe(0x89);
    expect((await head('GIF')).subarray(0, 4).toString()).toBe('GIF8');
    const jpeg = await head('JPEG');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect((await head('ZPLII', { '@_ImageResolution': '203' })).toString().startsWith('^XA')).toBe(true);
    expect((await head('EPL2', { '@_ImageResolution': '203' })).toString().trimStart().startsWith('N')).toBe(true);
    expect(status(await label('formats', { '@_ImageFormat': 'ZPLII' }))).toBe('1001');
  });

  it('answers international labels as Label/Image parts with the customs form, and an S10 number', async () => {
    const r = await label('intl', {
      MailClass: 'PriorityMailInternational',
      '@_LabelType': 'International',
      '@_LabelSubtype': 'Integrated',
      '@_LabelSize': '4x6c',
      ToCountryCode: 'CA',
      ToPostalCode: 'V6E 2M6',
      CustomsInfo: {
        ContentsType: 'Merchandise',
        CustomsItems: { CustomsItem: { Description: 'Shirt', Quantity: '1', Weight: '8', Value: '10' } },
      },
    });
    expect(status(r)).toBe('0');
    expect(xmlText(r.CustomsNumber)).toBe(xmlText(r.TrackingNumber));
    expect(isValidS10(xmlText(r.TrackingNumber) ?? '')).toBe(true);
    const parts = xmlList(xmlElement(r.Label)?.Image);
    expect(parts.map((p) => xmlAttr(p, 'PartNumber'))).toEqual(['1', '2']);
    expect(
      status(
        await label('intl', {
          MailClass: 'PriorityMailInternational',
          '@_LabelType': 'International',
          ToCountryCode: 'CA',
          ToPostalCode: 'V6E 2M6',
        }),
      ),
    ).toBe('1050');
  });
});

describe('tracking, refunds and SCAN forms', () => {
  const track = async (account: string, ...pics: string[]) =>
    xmlList(
      xmlElement(
        (
          await els(
            'StatusRequestXML',
            'packageStatusRequestXML',
            'PackageStatusRequest',
            {
              RequesterID: 'lxxx',
              RequestID: '1',
              ...ci(account),
              RequestOptions: { '@_PackageStatus': 'COMPLETE' },
              PicNumbers: { PicNumber: pics },
            },
            'PackageStatusResponse',
          )
        ).PackageStatus,
      )?.StatusResponse,
    ).map((r) =>
      xmlList(xmlElement(xmlElement(r)?.PackageStatusEventList)?.StatusEventList).map((e) =>
        xmlText(xmlElement(e)?.StatusCode),
      ),
    );

  it('reveals events as the emulator clock moves, up to delivery; unknown numbers answer -1', async () => {
    const pic = xmlText((await label('trk')).TrackingNumber) ?? '';
    expect(await track('trk', pic, '9400100000000000999999')).toEqual([['N'], ['-1']]);
    em.state.clock.advance(5 * HOUR);
    expect((await track('trk', pic))[0]).toEqual(['A', 'N']);
    em.state.clock.advance(10 * 24 * HOUR);
    expect((await track('trk', pic))[0]?.[0]).toBe('D');
    em.state.clock.reset();
    expect(await track('someone-else', pic)).toEqual([['-1']]);
  });

  it('refunds once, returns the postage, refuses labels on a SCAN form', async () => {
    const [a, b] = [
      xmlText((await label('rf')).TrackingNumber) ?? '',
      xmlText((await label('rf')).TrackingNumber) ?? '',
    ];
    const before = Number(await balance('rf'));
    const refund = (pic: string) =>
      els(
        'GetRefundXML',
        'refundRequestXML',
        'RefundRequest',
        { RequesterID: 'lxxx', RequestID: '0', ...ci('rf'), PicNumbers: { PicNumber: [pic] } },
        'RefundResponse',
      );
    const ok = await refund(a);
    expect(ok.Status).toBeUndefined();
    expect(xmlText(xmlElement(ok.Refund)?.RefundStatus)).toBe('Approved');
    expect(Number(await balance('rf'))).toBeGreaterThan(before);
    expect(xmlText(xmlElement((await refund(a)).Refund)?.RefundStatus)).toBe('DeniedInvalid');
    const scan = await els(
      'GetSCANXML',
      'scanRequestXML',
      'SCANRequest',
      {
        RequesterID: 'lxxx',
        RequestID: '0',
        ...ci('rf'),
        GetSCANRequestParameters: { '@_ImageFormat': 'PDF' },
        PicNumbers: { PicNumber: [a, b] },
      },
      'SCANResponse',
    );
    expect(xmlText(scan.SubmissionID)).toMatch(/^\d+$/);
    expect(
      Buffer.from(xmlText(scan.SCANForm) ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(xmlText(xmlElement(xmlElement(scan.ExcludedItems)?.Item)?.PicNumber)).toBe(a);
    expect(xmlText(xmlElement((await refund(b)).Refund)?.RefundStatusMessage)).toContain('SCAN form');
  });
});

describe('faults in ELS’s words', () => {
  const fault = (operation: string, kind: string) =>
    request(`${em.url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ carrier: 'carrier_d_reseller', operation, fault: kind }),
    }).then((r) => r.body.text());

  it('auth is an in-body 12507, malformed a truncated document, http_500 ASP.NET’s text', async () => {
    await fault('ship', 'auth');
    expect(status(await label('f'))).toBe('12507');
    await fault('ship', 'malformed');
    const broken = await post('GetPostageLabelXML', 'labelRequestXML', '<LabelRequest/>');
    expect(broken.status).toBe(200);
    expect(parseXml(broken.text)).toBeUndefined();
    await fault('ship', 'http_500');
    const down = await post('GetPostageLabelXML', 'labelRequestXML', '<LabelRequest/>');
    expect(down.status).toBe(500);
    expect(down.text).toContain('Server was unable to process request');
  });
});
