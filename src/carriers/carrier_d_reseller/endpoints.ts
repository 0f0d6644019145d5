/**
 * carrier_d_reseller's calls: the Endicia Label Server's HTTP-POST interface (README.md §1-§2),
 * `POST /LabelService/EwsLabelService.asmx/<Operation>` with one form field holding the request XML.
 */
import type { XmlFormEndpoint } from '../shared/http-client.js';

/** One operation: its endpoint, the lowerCamel form field, the request and response roots (§2). */
export interface FormEndpoint extends XmlFormEndpoint {
  responseRoot: string;
}

/** §1: every operation lives under this path on every host. */
const BASE_PATH = '/LabelService/EwsLabelService.asmx';

export const ENDPOINTS = {
  rate: {
    operation: 'rate',
    method: 'POST',
    path: `${BASE_PATH}/CalculatePostageRateXML`,
    field: 'postageRateRequestXML',
    root: 'PostageRateRequest',
    responseRoot: 'PostageRateResponse',
    idempotent: true,
  },
  rates: {
    operation: 'rates',
    method: 'POST',
    path: `${BASE_PATH}/CalculatePostageRatesXML`,
    field: 'postageRatesRequestXML',
    root: 'PostageRatesRequest',
    responseRoot: 'PostageRatesResponse',
    idempotent: true,
  },
  ship: {
    operation: 'ship',
    method: 'POST',
    path: `${BASE_PATH}/GetPostageLabelXML`,
    field: 'labelRequestXML',
    root: 'LabelRequest',
    responseRoot: 'LabelRequestResponse',
    idempotent: false,
  },
  cancel: {
    operation: 'cancel',
    method: 'POST',
    path: `${BASE_PATH}/GetRefundXML`,
    field: 'refundRequestXML',
    root: 'RefundRequest',
    responseRoot: 'RefundResponse',
    idempotent: false,
  },
  track: {
    operation: 'track',
    method: 'POST',
    path: `${BASE_PATH}/StatusRequestXML`,
    field: 'packageStatusRequestXML',
    root: 'PackageStatusRequest',
    responseRoot: 'PackageStatusResponse',
    idempotent: true,
  },
  // §2 "Other W21 HTTP-POST ops": GetTransactionsListingXML, form field transactionsRequestXML; the
  // request root is its schema type's name, as for every other operation.
  lookupReference: {
    operation: 'lookup_reference',
    method: 'POST',
    path: `${BASE_PATH}/GetTransactionsListingXML`,
    field: 'transactionsRequestXML',
    root: 'GetTransactionsListingRequest',
    responseRoot: 'TransactionsListingResponse',
    idempotent: true,
  },
  manifest: {
    operation: 'manifest',
    method: 'POST',
    path: `${BASE_PATH}/GetSCANXML`,
    field: 'scanRequestXML',
    root: 'SCANRequest',
    responseRoot: 'SCANResponse',
    idempotent: false,
  },
  accountStatus: {
    operation: 'account_status',
    method: 'POST',
    path: `${BASE_PATH}/GetAccountStatusXML`,
    field: 'accountStatusRequestXML',
    root: 'AccountStatusRequest',
    responseRoot: 'AccountStatusResponse',
    idempotent: true,
  },
  buyPostage: {
    operation: 'buy_postage',
    method: 'POST',
    path: `${BASE_PATH}/BuyPostageXML`,
    field: 'recreditRequestXML',
    root: 'RecreditRequest',
    responseRoot: 'RecreditRequestResponse',
    idempotent: false,
  },
  changePassPhrase: {
    operation: 'change_pass_phrase',
    method: 'POST',
    path: `${BASE_PATH}/ChangePassPhraseXML`,
    field: 'changePassPhraseRequestXML',
    root: 'ChangePassPhraseRequest',
    responseRoot: 'ChangePassPhraseRequestResponse',
    idempotent: false,
  },
} as const satisfies Record<string, FormEndpoint>;
