/** A tenant's branding for the pages its customers open (services/branding/). */
export interface BrandingTable {
  tenant: string;
  display_name: string | null;
  /** `#rrggbb`, lower case. */
  accent_color: string | null;
  /** A hash of the logo's bytes: its public name, and how a changed logo gets a new URL. */
  logo_id: string | null;
  /** The PNG written from the upload. */
  logo: Uint8Array | null;
  logo_width: number | null;
  logo_height: number | null;
  updated_at: string;
}
