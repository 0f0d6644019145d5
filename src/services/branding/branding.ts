/**
 * A merchant's branding: set once with its key, shown on the pages its customers open through
 * signed links (the tracking page, the returns portal). Those pages get `merchant` only: the
 * display name, the accent colour with the text colour that reads on it, and the logo's public
 * URL, never anything else of the tenant.
 *
 * The logo is taken as PNG or JPEG only (an SVG may carry script), decoded and written anew as a
 * PNG on the label work threads (documents/logo.ts), and served under a hash of those bytes: the
 * URL names no tenant, and a new logo has a new URL, so the old one may be cached for good.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../foundations/clock.js';
import type { BrandingInput, BrandingView, Merchant } from '../../contract/branding.js';
import { decodeBase64, MAX_LOGO_BYTES, type LabelWork } from '../../documents/index.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/branding.js';

export interface BrandingDeps {
  db: Db;
  clock: Clock;
  labels: Pick<LabelWork, 'normaliseLogo'>;
}

/** The logo's path on this service; `logo_url` in the merchant's answers puts the base URL before it. */
export const logoPath = (id: string) => `/public/logos/${id}.png`;
const LOGO_FILE = /^([0-9a-f]{32})\.png$/;

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * White or black text on `accent`, whichever contrasts more. One of the two always reaches 4.5:1
 * (the two ratios multiply to 21), so any colour a merchant picks gives readable buttons.
 */
export function textColorOn(accent: string): '#ffffff' | '#000000' {
  const l = luminance(accent);
  return contrast(l, 1) >= contrast(l, 0) ? '#ffffff' : '#000000';
}

/** Data URL → bytes; the declared type must be what the bytes are (checked again when decoded). */
function logoBytes(dataUrl: string): Uint8Array {
  const m = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(dataUrl);
  const bytes = m ? decodeBase64(m[2]!) : undefined;
  if (!m || !bytes)
    throw new ApiError(
      'schema_validation_error',
      'logo must be a data URL: data:image/png;base64,… or data:image/jpeg;base64,… with the image in base64',
      'logo',
    );
  if (bytes.byteLength > MAX_LOGO_BYTES)
    throw new ApiError(
      'payload_too_large',
      `The logo has ${bytes.byteLength} bytes; at most ${MAX_LOGO_BYTES} (256 KiB) are taken`,
      'logo',
    );
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  if ((m[1] === 'png') !== png)
    throw new ApiError(
      'schema_validation_error',
      `logo says image/${m[1]} but its bytes are ${png ? 'a PNG' : 'not a PNG'}`,
      'logo',
    );
  return bytes;
}

export function createBrandingService(deps: BrandingDeps) {
  const { db, clock } = deps;

  /** What the public pages show, with the logo as a path of this service (the page's own origin). */
  function merchantOf(row: repo.BrandingRecord | undefined, base: string): Merchant {
    if (!row) return {};
    return {
      ...(row.display_name !== null ? { display_name: row.display_name } : {}),
      ...(row.accent_color !== null
        ? { accent_color: row.accent_color, accent_text_color: textColorOn(row.accent_color) }
        : {}),
      ...(row.logo_id !== null ? { logo_url: `${base}${logoPath(row.logo_id)}` } : {}),
    };
  }

  function view(row: repo.BrandingRecord | undefined, baseUrl: string): BrandingView {
    if (!row) return {};
    return {
      ...merchantOf(row, baseUrl),
      ...(row.logo_width !== null && row.logo_height !== null
        ? { logo_width: row.logo_width, logo_height: row.logo_height }
        : {}),
      updated: row.updated_at,
    };
  }

  async function get(tenant: string, baseUrl: string): Promise<BrandingView> {
    return view(await repo.getBranding(db, tenant), baseUrl);
  }

  /** Name and colour replaced as sent (an omitted one is removed); the logo is left as it is. */
  async function setText(tenant: string, input: BrandingInput, baseUrl: string): Promise<BrandingView> {
    const name = input.display_name?.trim();
    if (input.display_name !== undefined && !name)
      throw new ApiError(
        'schema_validation_error',
        'branding.display_name must not be blank; leave it out for no name',
        'branding.display_name',
      );
    await repo.saveBrandingText(
      db,
      tenant,
      { display_name: name ?? null, accent_color: input.accent_color?.toLowerCase() ?? null },
      clock.now().toISOString(),
    );
    return get(tenant, baseUrl);
  }

  async function setLogo(tenant: string, dataUrl: string, baseUrl: string): Promise<BrandingView> {
    const logo = await deps.labels.normaliseLogo(logoBytes(dataUrl));
    const id = createHash('sha256').update(logo.bytes).digest('hex').slice(0, 32);
    await repo.saveLogo(db, tenant, { id, ...logo }, clock.now().toISOString());
    return get(tenant, baseUrl);
  }

  async function removeLogo(tenant: string, baseUrl: string): Promise<BrandingView> {
    await repo.saveLogo(db, tenant, undefined, clock.now().toISOString());
    return get(tenant, baseUrl);
  }

  /** The public pages' `merchant`: undefined when the tenant has set nothing. */
  async function merchant(tenant: string): Promise<Merchant | undefined> {
    const m = merchantOf(await repo.getBranding(db, tenant), '');
    return Object.keys(m).length > 0 ? m : undefined;
  }

  /** A logo's PNG by the file name its URL gives. */
  async function logo(file: string): Promise<Uint8Array> {
    const id = LOGO_FILE.exec(file)?.[1];
    const bytes = id ? await repo.getLogo(db, id) : undefined;
    if (!bytes) throw new ApiError('not_found', `no logo ${file}`, file);
    return bytes;
  }

  return { get, setText, setLogo, removeLogo, merchant, logo };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
