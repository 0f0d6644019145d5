/**
 * Branding's fields beyond the name: the accent colour (a picker and its hexadecimal) and the logo
 * (uploaded, shown as stored, replaced or removed).
 */
import { samePath } from '../../shared/api';
import { call } from '../call';
import type { Branding } from '../types';
import { ErrorNote, useAction } from '../ui';

/** The pages' own blue, used until a colour is set. */
export const DEFAULT_ACCENT = '#0b5cad';
export const HEX = /^#[0-9a-f]{6}$/i;
/** What the service takes (it refuses the rest with the reason): checked here first to save an upload. */
const MAX_LOGO_BYTES = 256 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function AccentField({ accent, onAccent }: { accent: string; onAccent: (hex: string) => void }) {
  return (
    <div class="field">
      <label for="brand-accent">Accent colour</label>
      <div class="brand-colour">
        <input
          id="brand-accent"
          type="color"
          value={HEX.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT}
          onInput={(e) => onAccent((e.currentTarget as HTMLInputElement).value)}
        />
        <input
          aria-label="Accent colour as hexadecimal"
          value={accent}
          maxLength={7}
          spellcheck={false}
          onInput={(e) => onAccent((e.currentTarget as HTMLInputElement).value.trim())}
        />
      </div>
      <small class="hint">
        Buttons and the stripe above the pages; their text is white or black, whichever reads better on it.
      </small>
    </div>
  );
}

/** `onStart` as a logo change begins (the name's "Saved" is old news), `onChanged` once it is stored. */
export function LogoCard(props: { current: Branding; onStart: () => void; onChanged: () => void }) {
  const { current, onStart, onChanged } = props;
  const logo = useAction();
  const upload = async (file: File | undefined) => {
    onStart();
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type))
      return logo.setError('Choose a PNG or JPEG file (SVG is not taken: it can carry scripts).');
    if (file.size > MAX_LOGO_BYTES)
      return logo.setError(`The file has ${Math.ceil(file.size / 1024)} KiB; a logo may have at most 256 KiB.`);
    const dataUrl = await readAsDataUrl(file);
    if (await logo.run(() => call('setBrandingLogo', { body: { logo: dataUrl } }))) onChanged();
  };
  const remove = async () => {
    onStart();
    if (await logo.run(() => call('deleteBrandingLogo'))) onChanged();
  };

  return (
    <div class="card stack" role="group" aria-labelledby="brand-logo-h">
      <h2 id="brand-logo-h">Logo</h2>
      {current.logo_url ? (
        <p class="brand-logo">
          <img src={samePath(current.logo_url)} alt="Your logo as the pages show it" />
          <span class="hint">
            {current.logo_width} × {current.logo_height} px
          </span>
        </p>
      ) : (
        <p class="note">No logo yet.</p>
      )}
      <div class="field">
        <label for="brand-logo-file">{current.logo_url ? 'Replace the logo' : 'Upload a logo'}</label>
        <input
          id="brand-logo-file"
          type="file"
          accept="image/png,image/jpeg"
          disabled={logo.busy}
          aria-describedby="brand-logo-hint"
          onChange={(e) => void upload((e.currentTarget as HTMLInputElement).files?.[0])}
        />
        <small id="brand-logo-hint" class="hint">
          PNG or JPEG, at most 256 KiB and 2,000 × 2,000 px. It is scaled to fit 720 × 144 px and shown up to 48 px
          high.
        </small>
      </div>
      {logo.busy ? (
        <p class="note" role="status">
          Uploading…
        </p>
      ) : null}
      <ErrorNote>{logo.error}</ErrorNote>
      {current.logo_url ? (
        <div class="actions">
          <button type="button" class="quiet" disabled={logo.busy} onClick={() => void remove()}>
            Remove the logo
          </button>
        </div>
      ) : null}
    </div>
  );
}
