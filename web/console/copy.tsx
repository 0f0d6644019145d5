/** A value to copy once (an invitation link, a new key): shown read-only, with a Copy button. */
import { useId, useState } from 'preact/hooks';

export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied.');
    } catch {
      // No clipboard (an insecure context, a refusal): the text is selected for the keyboard instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('Selected: press Ctrl+C (or ⌘C) to copy.');
    }
  };
  return (
    <div class="field copy">
      <label for={id}>{label}</label>
      <div class="copy-row">
        <input
          id={id}
          value={value}
          readOnly
          spellcheck={false}
          {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
        <button type="button" class="quiet" onClick={copy}>
          Copy
        </button>
      </div>
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
      <span class="hint" role="status">
        {copied ?? ''}
      </span>
    </div>
  );
}
