/**
 * A label as a real link. The bytes are fetched with the session (or the URL's signature) and
 * offered as a blob URL: PDF and images open in a new tab, other formats (ZPL) download as a file.
 */
import { useEffect, useState } from 'preact/hooks';
import { callBlob } from './call';

const OPENS = /^(application\/pdf|image\/)/;

/** `url` absent: a booking found at the carrier after a lost answer, stored without its labels. */
export function LabelLink({
  url,
  name,
  text = 'Download label',
}: {
  url: string | undefined;
  name: string;
  text?: string;
}) {
  const [state, setState] = useState<{ href?: string; type?: string; opens?: boolean; ext?: string; error?: string }>(
    {},
  );
  useEffect(() => {
    let href: string | undefined;
    let live = true;
    if (url === undefined) return;
    callBlob(url)
      .then((blob) => {
        href = URL.createObjectURL(blob);
        const opens = OPENS.test(blob.type);
        const ext =
          blob.type === 'application/pdf' ? 'pdf' : blob.type.startsWith('image/') ? blob.type.slice(6) : 'zpl';
        if (live) setState({ href, type: blob.type, opens, ext });
      })
      .catch((err: Error) => live && setState({ error: err.message }));
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  if (url === undefined)
    return <span class="note">No label here: the carrier has it (booking found after a lost answer)</span>;
  if (state.error) return <span class="note note-error">Label unavailable: {state.error}</span>;
  if (!state.href)
    return (
      <span class="note" role="status">
        Preparing label…
      </span>
    );
  return state.opens ? (
    <a class="button" href={state.href} type={state.type} target="_blank" rel="noopener">
      {text}
    </a>
  ) : (
    <a class="button" href={state.href} type={state.type} download={`${name}.${state.ext}`}>
      {text}
    </a>
  );
}

/** Fetches a file when asked (a batch's print file can be large) and saves it. */
export async function saveFile(url: string, name: string): Promise<void> {
  const blob = await callBlob(url);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; the URL is released on the next turn.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
