/**
 * carrier_d_reseller's emulator against the Label Server's own description: its WSDL
 * (vendor/EwsLabelService_2021_slingr.wsdl), whose XML schemas validate every answer (libxml2's XSD
 * validator), and the requests other integrations sent (samples/*request*.xml, among them real
 * traffic recorded against the test server). See vendor-schemas.support.ts for the JSON carriers.
 */
import { readdirSync } from 'node:fs';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XsdValidator,
  xmlRegisterInputProvider,
  XmlValidateError,
} from 'libxml2-wasm';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml, xmlElement, xmlRoot, xmlText } from '../../src/carriers/shared/xml.js';
import { createEmulator, type Emulator } from '../../src/emulator/server.js';
import { fixturePath, fixturesMissing, readFixtureText } from '../support/fixtures.js';
import { fixedClock, SUITE_CREDENTIALS } from './support.js';

const BASE = '/LabelService/EwsLabelService.asmx';

/**
 * Where the WSDL's schemas and the recorded answers disagree, the emulator answers as the recorded
 * answers do. Each entry is part of libxml2's message.
 */
const KNOWN = [
  // samples/endpost-vcr__buy_postage_*__response.xml: no TransactionID in RecreditRequestResponse.
  "Element '{www.envmgr.com/LabelService}RecreditRequestResponse': Missing child element(s). Expected is ( {www.envmgr.com/LabelService}TransactionID )",
  // samples/tehpeh__postage_rates_success.xml: Postage without DimWeighting, PostagePrice without
  // DeliveryTimeDays, EstimatedDeliveryDate or DdpRate, and fees in another order than W21's.
  "Element '{www.envmgr.com/LabelService}Postage': Missing child element(s). Expected is ( {www.envmgr.com/LabelService}DimWeighting )",
  "Element '{www.envmgr.com/LabelService}PostagePrice': Missing child element(s). Expected is",
  'This element is not expected. Expected is ( {www.envmgr.com/LabelService}MerchandiseReturn )',
];

/** The operations the emulator plays: path, form field, the request's root element. */
const OPERATIONS: Record<string, { path: string; field: string }> = {
  LabelRequest: { path: 'GetPostageLabelXML', field: 'labelRequestXML' },
  PostageRateRequest: { path: 'CalculatePostageRateXML', field: 'postageRateRequestXML' },
  PostageRatesRequest: { path: 'CalculatePostageRatesXML', field: 'postageRatesRequestXML' },
  AccountStatusRequest: { path: 'GetAccountStatusXML', field: 'accountStatusRequestXML' },
  RecreditRequest: { path: 'BuyPostageXML', field: 'recreditRequestXML' },
  ChangePassPhraseRequest: { path: 'ChangePassPhraseXML', field: 'changePassPhraseRequestXML' },
  RefundRequest: { path: 'GetRefundXML', field: 'refundRequestXML' },
  SCANRequest: { path: 'GetSCANXML', field: 'scanRequestXML' },
  PackageStatusRequest: { path: 'StatusRequestXML', field: 'packageStatusRequestXML' },
  GetTransactionsListingRequest: { path: 'GetTransactionsListingXML', field: 'transactionsRequestXML' },
};

/** The accounts the recorded requests name, with their pass phrases. */
const RECORDED_ACCOUNTS = [
  { carrier: 'carrier_d_reseller', id: '1234567', secret: 'current_password' },
  { carrier: 'carrier_d_reseller', id: '123456', secret: 'samplePassPhrase' },
  { carrier: 'carrier_d_reseller', id: '25xxxxx', secret: 'your pass phrase' },
] as const;

/** The WSDL's two schemas as one validator; the second, imported by the first, is served from memory. */
function wsdlValidator(): XsdValidator {
  const wsdl = readFileText('vendor/EwsLabelService_2021_slingr.wsdl');
  const ns =
    'xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="www.envmgr.com/LabelService" xmlns:s1="LabelNumberService.Core"';
  const [main, core] = [...wsdl.matchAll(/<s:schema\b[\s\S]*?<\/s:schema>/g)].map((m) =>
    m[0].replace('<s:schema ', `<s:schema ${ns} `),
  );
  if (!main || !core) throw new Error('the WSDL holds no schemas');
  xmlRegisterInputProvider(new XmlBufferInputProvider({ 'core.xsd': new TextEncoder().encode(core) }));
  const xsd = XmlDocument.fromString(
    main.replace(
      '<s:import namespace="LabelNumberService.Core"/>',
      '<s:import namespace="LabelNumberService.Core" schemaLocation="core.xsd"/>',
    ),
  );
  return XsdValidator.fromDoc(xsd);
}

const readFileText = (file: string) => readFixtureText('carrier_d_reseller', file);

describe.skipIf(fixturesMissing)('carrier_d_reseller answers as the Label Server WSDL describes them', () => {
  let em: Emulator;
  let validator: XsdValidator;
  beforeAll(async () => {
    em = await createEmulator({ clock: fixedClock(), credentials: [...SUITE_CREDENTIALS, ...RECORDED_ACCOUNTS] });
    validator = wsdlValidator();
  });
  afterAll(() => em.close());

  const post = async (root: string, xml: string): Promise<string> => {
    const op = OPERATIONS[root];
    if (!op) throw new Error(`no operation for ${root}`);
    const res = await request(`${em.carrierUrl('carrier_d_reseller')}${BASE}/${op.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [op.field]: xml }).toString(),
    });
    return res.body.text();
  };
  /** libxml2's complaints about one answer, less the known differences. */
  const invalid = (xml: string): string[] => {
    const doc = XmlDocument.fromString(xml);
    try {
      validator.validate(doc);
      return [];
    } catch (err) {
      if (!(err instanceof XmlValidateError)) throw err;
      return err.details.map((d) => d.message.trim()).filter((m) => !KNOWN.some((k) => m.includes(k)));
    } finally {
      doc.dispose();
    }
  };
  const statusOf = (xml: string, root: string) => xmlText(xmlRoot(parseXml(xml), root)?.Status);

  it('the recorded answers meet the WSDL but for the known differences (samples/*response*.xml in the Label Server namespace)', () => {
    const recorded = readdirSync(fixturePath('carrier_d_reseller', 'samples')).filter(
      (f) => f.endsWith('.xml') && readFileText(`samples/${f}`).includes('xmlns="www.envmgr.com/LabelService"'),
    );
    expect(recorded.length).toBeGreaterThan(5);
    const complaints = Object.fromEntries(
      recorded
        .map((f): [string, string[]] => [f, invalid(readFileText(`samples/${f}`))])
        .filter(([, e]) => e.length > 0),
    );
    expect(complaints).toEqual({});
  });

  it('every operation answers as the WSDL describes, successes and errors', async () => {
    const answers: Record<string, string> = {};
    const labelXml = (account: string, phrase: string) =>
      readFileText('samples/endpost-vcr__get_postage_label_success__request.xml')
        .replace('1234567', account)
        .replace('current_password', phrase);
    answers.label = await post('LabelRequest', labelXml('1234567', 'current_password'));
    answers['label, wrong pass phrase'] = await post('LabelRequest', labelXml('1234567', 'wrong'));
    const pic = xmlText(xmlRoot(parseXml(answers.label), 'LabelRequestResponse')?.TrackingNumber) ?? '';
    const ci =
      '<RequesterID>lxxx</RequesterID><RequestID>1</RequestID><CertifiedIntermediary><AccountID>1234567</AccountID><PassPhrase>current_password</PassPhrase></CertifiedIntermediary>';
    answers.rate = await post(
      'PostageRateRequest',
      readFileText('samples/els-guide-v7.0-2013__PostageRateRequest__listing-8-1.xml')
        .replace(/123456/, '1234567')
        .replace('samplePassPhrase', 'current_password'),
    );
    answers.rates = await post(
      'PostageRatesRequest',
      readFileText('samples/els-guide-v7.0-2013__PostageRatesRequest__listing-9-1.xml')
        .replace(/123456/, '1234567')
        .replace('samplePassPhrase', 'current_password'),
    );
    answers['account status'] = await post(
      'AccountStatusRequest',
      `<AccountStatusRequest>${ci}</AccountStatusRequest>`,
    );
    answers['buy postage'] = await post(
      'RecreditRequest',
      `<RecreditRequest>${ci}<RecreditAmount>10</RecreditAmount></RecreditRequest>`,
    );
    answers.status = await post(
      'PackageStatusRequest',
      `<PackageStatusRequest>${ci}<RequestOptions PackageStatus="COMPLETE"/><PicNumbers><PicNumber>${pic}</PicNumber></PicNumbers></PackageStatusRequest>`,
    );
    answers['status, no number'] = await post(
      'PackageStatusRequest',
      `<PackageStatusRequest>${ci}</PackageStatusRequest>`,
    );
    answers.scan = await post(
      'SCANRequest',
      `<SCANRequest>${ci}<GetSCANRequestParameters ImageFormat="PDF"/><PicNumbers><PicNumber>${pic}</PicNumber></PicNumbers></SCANRequest>`,
    );
    answers['scan, nothing to put on it'] = await post(
      'SCANRequest',
      `<SCANRequest>${ci}<PicNumbers><PicNumber>${pic}</PicNumber></PicNumbers></SCANRequest>`,
    );
    answers.refund = await post(
      'RefundRequest',
      `<RefundRequest>${ci}<PicNumbers><PicNumber>${pic}</PicNumber></PicNumbers></RefundRequest>`,
    );
    answers['refund again'] = await post(
      'RefundRequest',
      `<RefundRequest>${ci}<PicNumbers><PicNumber>${pic}</PicNumber></PicNumbers></RefundRequest>`,
    );
    // The transactions listing by ReferenceID, what a booking whose answer was lost is looked up by.
    const reference = 'WB0123456789ABCDEF01234567';
    const referenced = await post(
      'LabelRequest',
      labelXml('1234567', 'current_password').replace(
        '<ReferenceID></ReferenceID>',
        `<ReferenceID>${reference}</ReferenceID>`,
      ),
    );
    const listing = (options: string) =>
      post(
        'GetTransactionsListingRequest',
        `<GetTransactionsListingRequest><RequestID>1</RequestID><RequestOptions ${options} TransactionType="PRINTS" RefundStatus="ALL" PurchaseType="ALL"/><RequesterID>lxxx</RequesterID><CertifiedIntermediary><AccountID>1234567</AccountID><PassPhrase>current_password</PassPhrase></CertifiedIntermediary></GetTransactionsListingRequest>`,
      );
    answers['transactions by reference'] = await listing(`ReferenceID="${reference}"`);
    expect(answers['transactions by reference']).toContain(
      xmlText(xmlRoot(parseXml(referenced), 'LabelRequestResponse')?.TrackingNumber) ?? 'no label',
    );
    answers['transactions, none in the window'] = await listing(
      `ReferenceID="${reference}" StartDateTime="01/01/2001 00:00:00" EndDateTime="01/02/2001 00:00:00"`,
    );
    const refunded =
      xmlText(
        xmlRoot(parseXml(await post('LabelRequest', labelXml('1234567', 'current_password'))), 'LabelRequestResponse')
          ?.TrackingNumber,
      ) ?? '';
    await post(
      'RefundRequest',
      `<RefundRequest>${ci}<PicNumbers><PicNumber>${refunded}</PicNumber></PicNumbers></RefundRequest>`,
    );
    answers['transactions, a refunded label among them'] = await listing(
      'StartDateTime="01/01/2001 00:00:00" EndDateTime="12/31/2099 23:59:59"',
    );
    expect(answers['transactions, a refunded label among them']).toContain('<RefundDetails>');
    answers['transactions, bad window'] = await listing('StartDateTime="yesterday"');
    answers['transactions, wrong pass phrase'] =
      (await listing('')).length > 0
        ? await post(
            'GetTransactionsListingRequest',
            `<GetTransactionsListingRequest><RequestOptions TransactionType="PRINTS" RefundStatus="ALL" PurchaseType="ALL"/><RequesterID>lxxx</RequesterID><CertifiedIntermediary><AccountID>1234567</AccountID><PassPhrase>wrong</PassPhrase></CertifiedIntermediary></GetTransactionsListingRequest>`,
          )
        : '';
    answers['change pass phrase'] = await post(
      'ChangePassPhraseRequest',
      `<ChangePassPhraseRequest>${ci.replace('1234567', 'ns').replace('current_password', 'phrase-1')}<NewPassPhrase>phrase-1</NewPassPhrase></ChangePassPhraseRequest>`,
    );
    const complaints = Object.fromEntries(
      Object.entries(answers)
        .map(([name, xml]): [string, string[]] => [name, invalid(xml)])
        .filter(([, e]) => e.length > 0),
    );
    expect(complaints).toEqual({});
  });

  it('accepts every request other integrations sent to the operations it plays (samples/*Request*.xml)', async () => {
    // Not sent: the legacy ELSServices.cfc requests (another endpoint) and the recorded error
    // requests, which the Label Server refused too (their recorded answers).
    const files = readdirSync(fixturePath('carrier_d_reseller', 'samples')).filter(
      (f) => /request\.xml$|Request__.*\.xml$/.test(f) && !/legacy_ELSServices|_error__|RequestResponse/.test(f),
    );
    const refused: Record<string, string> = {};
    // Changing a pass phrase goes last: the other requests use the recorded one.
    const last = (f: string) => (/ChangePassPhrase|change_pass_phrase/.test(f) ? 1 : 0);
    for (const file of files.sort((a, b) => last(a) - last(b))) {
      let xml = readFileText(`samples/${file}`).replace(/^<!--[\s\S]*?-->\s*/, '');
      const root = /<(\w+)/.exec(xml.replace(/^<\?xml[^>]*\?>\s*/, ''))?.[1] ?? '';
      if (root === 'RefundRequest') {
        // A refund names what the other integration had booked: here, the recorded label booked on the emulator.
        const label = await post(
          'LabelRequest',
          readFileText('samples/endpost-vcr__get_postage_label_success__request.xml'),
        );
        xml = xml.replace(
          /<PicNumber>[^<]*<\/PicNumber>/,
          `<PicNumber>${xmlText(xmlRoot(parseXml(label), 'LabelRequestResponse')?.TrackingNumber) ?? ''}</PicNumber>`,
        );
      }
      const answer = await post(root, xml);
      const responseRoot = Object.keys(parseXml(answer) ?? {})[0] ?? '';
      // RefundResponse has no Status: each PIC says how its refund went.
      const accepted =
        root === 'RefundRequest'
          ? xmlText(xmlElement(xmlRoot(parseXml(answer), responseRoot)?.Refund)?.RefundStatus) === 'Approved'
          : statusOf(answer, responseRoot) === '0';
      if (!accepted) refused[file] = answer.slice(0, 400);
    }
    expect(files.length).toBeGreaterThan(10);
    expect(refused).toEqual({});
  });
});
