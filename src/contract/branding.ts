/**
 * A merchant's branding: the name, accent colour and logo its customers see on the tracking page
 * and the returns portal. The merchant sets them with its key (GET/PUT /branding, PUT/DELETE
 * /branding/logo); the pages get them as `merchant` in the answers of their signed links, which
 * hold only these three things (and the text colour that reads on the accent).
 */
import { Type, type Static } from 'typebox';

/** What a data URL of an upload of at most 256 KiB can be, with its prefix (the service counts the bytes). */
const MAX_LOGO_DATA_URL = 360_000;

const HEX_COLOR = '^#[0-9A-Fa-f]{6}$';

export const BrandingInput = Type.Object({
  display_name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 80,
      description: 'the shop’s name as customers know it; none: the pages name no shop',
    }),
  ),
  accent_color: Type.Optional(
    Type.String({
      pattern: HEX_COLOR,
      description: 'the colour of the pages’ header band and buttons, #rrggbb; none: the pages’ own blue',
    }),
  ),
});
export type BrandingInput = Static<typeof BrandingInput>;
export const BrandingBody = Type.Object({ branding: BrandingInput });

export const LogoInput = Type.String({
  pattern: '^data:image/(png|jpeg);base64,',
  maxLength: MAX_LOGO_DATA_URL,
  description:
    'the image as a data URL, data:image/png;base64,… or data:image/jpeg;base64,…: at most 256 KiB and 2,000 × 2,000 pixels; SVG is not taken. It is scaled to fit 720 × 144 and stored as a PNG the service writes.',
});
export const LogoBody = Type.Object({ logo: LogoInput });

const MerchantFields = {
  display_name: Type.Optional(Type.String()),
  accent_color: Type.Optional(Type.String({ description: '#rrggbb, lower case' })),
  accent_text_color: Type.Optional(
    Type.String({
      description:
        '#ffffff or #000000: whichever reads better on accent_color (the larger WCAG contrast, at least 4.5:1 for any colour)',
    }),
  ),
  logo_url: Type.Optional(Type.String({ description: 'the logo, a PNG; public, and changed with the logo' })),
};

/** What the public pages show of the merchant: nothing else of the tenant. */
export const Merchant = Type.Object(MerchantFields, {
  description: 'the merchant’s branding; members it has not set are absent',
});
export type Merchant = Static<typeof Merchant>;

export const BrandingView = Type.Object({
  ...MerchantFields,
  logo_width: Type.Optional(Type.Integer({ description: 'pixels of the stored logo' })),
  logo_height: Type.Optional(Type.Integer()),
  updated: Type.Optional(Type.String({ format: 'date-time' })),
});
export type BrandingView = Static<typeof BrandingView>;
export const BrandingAnswer = Type.Object({ branding: BrandingView });

export const LogoFileParam = Type.Object({
  file: Type.String({ maxLength: 100, description: '<id>.png, as logo_url names it' }),
});

/** The logo's answer: the PNG's bytes. */
export const LogoBytes = {
  description: 'the logo, a PNG',
  content: { 'image/png': { schema: Type.Unsafe<Uint8Array>(Type.String({ format: 'binary' })) } },
};
