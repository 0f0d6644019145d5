/**
 * The mark served for a carrier in return methods' `carrier_logo`: a neutral badge with the letters
 * its declaration gives, never a brand, so the service can show every carrier alike.
 */
import { createHash } from 'node:crypto';
import type { CarrierDeclaration } from '../carriers/carrier.js';

export function carrierMark(decl: Pick<CarrierDeclaration, 'slug' | 'logo'>): string {
  const slug = decl.slug;
  // A hue of its own per slug, stable across releases: the first byte of its hash.
  const hue = Math.round((createHash('sha256').update(slug).digest()[0]! / 256) * 360);
  const text = decl.logo.text;
  const size = text.length > 1 ? 26 : 34;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${slug}">` +
    `<rect width="64" height="64" rx="12" fill="hsl(${hue},45%,42%)"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text>` +
    '</svg>'
  );
}
