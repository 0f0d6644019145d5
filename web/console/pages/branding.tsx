/**
 * Branding: the shop's name, accent colour and logo that its customers see on the tracking page
 * and the returns portal (GET/PUT /branding, PUT/DELETE /branding/logo), with a preview of both
 * pages' header and button as they will look.
 */
import { useEffect, useState } from 'preact/hooks';
import { samePath } from '../../shared/api';
import { call } from '../call';
import { dateTime } from '../../shared/format';
import { ErrorNote, Field, PageHeading, Status, useAction, useApi } from '../ui';
import { AccentField, DEFAULT_ACCENT, HEX, LogoCard } from './branding-parts';
import './branding.css';

/** White or black on the colour, whichever contrasts more (as the service chooses accent_text_color). */
function inkOn(hex: string): string {
  const lum = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * lum[0]! + 0.7152 * lum[1]! + 0.0722 * lum[2]!;
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

function Preview({ name, accent, logo }: { name: string; accent: string; logo?: string | undefined }) {
  const ink = inkOn(accent);
  return (
    <figure class="brand-preview" aria-label="Preview of the customer pages">
      <div class="brand-preview-head" style={{ borderTopColor: accent }}>
        {logo ? <img src={logo} alt={name ? '' : 'Your logo'} /> : null}
        {name ? <span>{name}</span> : null}
        {!logo && !name ? <span class="note">No name or logo: the pages show no shop</span> : null}
      </div>
      <div class="brand-preview-body">
        <strong>Track your parcel</strong>
        <span class="brand-preview-button" style={{ background: accent, color: ink }}>
          Create return
        </span>
      </div>
      <figcaption class="hint">How the tracking page and the returns portal will show your shop.</figcaption>
    </figure>
  );
}

export function BrandingPage() {
  const loaded = useApi('getBranding');
  const current = loaded.data?.branding;
  const [name, setName] = useState('');
  const [accent, setAccent] = useState(DEFAULT_ACCENT);
  const [saved, setSaved] = useState<string>();
  const text = useAction();
  useEffect(() => {
    if (!current) return;
    setName(current.display_name ?? '');
    setAccent(current.accent_color ?? DEFAULT_ACCENT);
  }, [current]);

  const save = async (e: Event) => {
    e.preventDefault();
    setSaved(undefined);
    if (!HEX.test(accent)) return text.setError('Give the colour as # and six hexadecimal digits, e.g. #c2185b.');
    const body = {
      branding: {
        ...(name.trim() ? { display_name: name.trim() } : {}),
        ...(accent.toLowerCase() !== DEFAULT_ACCENT ? { accent_color: accent } : {}),
      },
    };
    if (await text.run(() => call('setBranding', { body }))) {
      setSaved('Saved: the pages show it from their next visit.');
      loaded.reload();
    }
  };

  return (
    <section>
      <PageHeading>Branding</PageHeading>
      <p class="note">
        Your shop’s name, colour and logo on the pages your customers open: the tracking page of every shipment and the
        returns portal.
      </p>
      <Status loaded={loaded} />
      {current ? (
        <div class="brand-layout">
          <div class="stack">
            <form class="card stack" onSubmit={save} aria-labelledby="brand-text-h">
              <h2 id="brand-text-h">Name and colour</h2>
              <Field
                label="Display name"
                hint="As your customers know the shop; empty: no name"
                value={name}
                onValue={setName}
                maxLength={80}
                autoComplete="organization"
              />
              <AccentField accent={accent} onAccent={setAccent} />
              <ErrorNote>{text.error}</ErrorNote>
              {saved ? (
                <p class="note note-ok" role="status">
                  {saved}
                </p>
              ) : null}
              <div class="actions">
                <button type="submit" disabled={text.busy}>
                  {text.busy ? 'Saving…' : 'Save name and colour'}
                </button>
              </div>
            </form>
            <LogoCard current={current} onStart={() => setSaved(undefined)} onChanged={loaded.reload} />
          </div>
          <div>
            <Preview
              name={name.trim()}
              accent={HEX.test(accent) ? accent : DEFAULT_ACCENT}
              logo={current.logo_url ? samePath(current.logo_url) : undefined}
            />
            {current.updated ? <p class="hint">Last changed {dateTime(current.updated)}</p> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
