/**
 * End of day: Transmit Shipments, `POST /rs/{customer}/{mobo}/manifest` (manifest-v8 `transmit-set`;
 * fixture manifest_ManifestRequest), answered with links to the manifests it made (`manifests`,
 * fixture manifest_ManifestsResponse); Get Manifest on each link (`manifest`, fixture
 * manifest_ManifestResponse) names the PO number and the `artifact`, the manifest's PDF.
 *
 * Canada Post transmits groups, not single shipments: without tracking numbers the day's group
 * (mapping.ts dayGroup) is transmitted; with them, the groups they were created in, found by Get
 * Shipments `?trackingPIN=` and Get Shipment Details (fixtures manifest_ShipmentResponse1 and 2).
 */
import type { Address, ManifestRequest, ManifestResult } from '../../domain/types.js';
import { ApiError } from '../../domain/errors.js';
import { parseXml, xmlAttr, xmlElement, xmlList, xmlRoot, xmlText } from '../shared/xml.js';
import { NAMESPACES } from './endpoints.js';
import { throwIfError, unexpectedBody } from './errors.js';
import { postalCode } from './mapping.js';
import type { CpcTransmitSet } from './wire.js';

const LINE = 44;

/** The path of a link (its host is the account's, whatever the link names); a path stays as it is. */
export function linkPath(href: string): string {
  if (href.startsWith('/')) return href;
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  } catch {
    throw unexpectedBody(`link ${href} (not a URL)`);
  }
}

/** The `link`s of a document's root (`shipments`, `manifests`) with a rel, as paths. */
export function parseLinks(xml: string, root: string, rel: string): string[] {
  const doc = parseXml(xml);
  throwIfError(doc);
  const node = xmlRoot(doc, root);
  if (!node) throw unexpectedBody(`${root} response (no ${root})`);
  return xmlList(node.link)
    .filter((l) => xmlAttr(l, 'rel') === rel && xmlAttr(l, 'href') !== undefined)
    .map((l) => linkPath(xmlAttr(l, 'href')!));
}

/** `shipment-details` → the PIN, its status and the group it was created in (none once transmitted with transmit-shipment). */
export function parseShipmentDetailsResponse(xml: string): { pin?: string; status?: string; groupId?: string } {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'shipment-details');
  if (!root) throw unexpectedBody('shipment details response (no shipment-details)');
  const pin = xmlText(root['tracking-pin']);
  const status = xmlText(root['shipment-status']);
  const groupId = xmlText(xmlElement(root['shipment-detail'])?.['group-id']);
  return { ...(pin ? { pin } : {}), ...(status ? { status } : {}), ...(groupId ? { groupId } : {}) };
}

/** The transmit of the groups, handed over at `req.address` (the account's billing address, else the labels' sender). */
export function buildManifestRequest(req: ManifestRequest, groups: readonly string[]): CpcTransmitSet {
  const a: Address | undefined = req.address;
  if (!a)
    throw new ApiError(
      'schema_validation_error',
      'canadapost prints the manifest with the address the parcels are handed over at: set the billing_address of the shipping account',
      'manifest.address',
    );
  if (a.country.toUpperCase() !== 'CA')
    throw new ApiError(
      'schema_validation_error',
      'canadapost manifests parcels handed over in Canada only',
      'manifest.address.country',
    );
  if (groups.length === 0)
    throw new ApiError(
      'carrier_exception',
      'canadapost has no group of shipments to transmit',
      'manifest.tracking_numbers',
    );
  const postal = postalCode(a.postal_code, 'CA');
  return {
    '@_xmlns': NAMESPACES.manifest,
    'group-ids': { 'group-id': [...groups] },
    'requested-shipping-point': postal,
    'detailed-manifests': 'true',
    'method-of-payment': 'Account',
    'manifest-address': {
      'manifest-company': (a.company ?? a.name ?? '').slice(0, LINE),
      ...(a.name && a.company ? { 'manifest-name': a.name.slice(0, LINE) } : {}),
      'phone-number': a.phone ?? '',
      'address-details': {
        'address-line-1': (a.street1 ?? '').slice(0, LINE),
        ...(a.street2 ? { 'address-line-2': a.street2.slice(0, LINE) } : {}),
        city: (a.city ?? '').slice(0, 40),
        'prov-state': (a.state ?? '').toUpperCase(),
        'country-code': 'CA',
        'postal-zip-code': postal,
      },
    },
  };
}

export interface ParsedManifest {
  /** The manifest's id, the last part of its self link. */
  id: string;
  poNumber?: string;
  artifactPath: string;
}

/** `manifest` → its PO number, id and the path of its PDF artifact. */
export function parseManifestResponse(xml: string): ParsedManifest {
  const doc = parseXml(xml);
  throwIfError(doc);
  const root = xmlRoot(doc, 'manifest');
  if (!root) throw unexpectedBody('manifest response (no manifest)');
  const links = xmlList(xmlElement(root.links)?.link);
  const href = (rel: string) =>
    xmlAttr(
      links.find((l) => xmlAttr(l, 'rel') === rel),
      'href',
    );
  const artifact = href('artifact');
  if (!artifact) throw unexpectedBody('manifest response (no artifact link)');
  const self = href('self');
  const poNumber = xmlText(root['po-number']);
  const id = self ? (linkPath(self).split('?')[0]!.split('/').pop() ?? '') : (poNumber ?? '');
  return { id, ...(poNumber ? { poNumber } : {}), artifactPath: linkPath(artifact) };
}

/** The result: the manifests' ids and one PDF of all their pages. */
export function manifestResult(
  manifests: readonly ParsedManifest[],
  document: Uint8Array,
  trackingNumbers: readonly string[],
): ManifestResult {
  if (!Buffer.from(document.subarray(0, 1024)).toString('latin1').includes('%PDF-'))
    throw unexpectedBody('manifest artifact (not a PDF)');
  return {
    carrier_manifest_id: manifests.map((m) => m.id).join(' '),
    tracking_numbers: [...trackingNumbers],
    document,
  };
}
