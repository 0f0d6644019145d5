/**
 * The merchant's branding on the public pages: its logo and name above the page, and its accent
 * colour on buttons and marks. Colours are set as custom properties through the CSSOM (the CSP
 * allows no inline styles); text takes the accent only where it reads on white (the API's
 * accent_text_color is white exactly when the accent is dark enough for that).
 */
import type { Answer } from './api';

/** The merchant's branding as the public pages' answers carry it. */
export type Merchant = NonNullable<Answer<'getTrackingPage'>['tracking']['merchant']>;

/** Sets the page's colours and title from the merchant's branding (nothing when there is none). */
export function applyMerchant(merchant: Merchant | undefined, title: string): void {
  const root = document.documentElement.style;
  if (merchant?.accent_color) {
    const ink = merchant.accent_text_color ?? '#ffffff';
    root.setProperty('--brand', merchant.accent_color);
    root.setProperty('--brand-ink', ink);
    root.setProperty('--brand-text', ink === '#ffffff' ? merchant.accent_color : '#1b1f24');
  }
  document.title = merchant?.display_name ? `${title} · ${merchant.display_name}` : title;
}

export function MerchantHeader({ merchant }: { merchant: Merchant | undefined }) {
  if (!merchant?.logo_url && !merchant?.display_name) return null;
  return (
    <header class="merchant">
      <div class="merchant-inner">
        {/* With the name beside it the logo says nothing more; alone, it names the shop. */}
        {merchant.logo_url ? (
          <img src={merchant.logo_url} alt={merchant.display_name ? '' : 'The shop’s logo'} />
        ) : null}
        {merchant.display_name ? <span class="merchant-name">{merchant.display_name}</span> : null}
      </div>
    </header>
  );
}
