import { useState } from 'react';

/**
 * A link to share, shown as itself and with a button that copies it. Whether the copy worked is
 * said in a live region beside it; where the browser refuses the clipboard, the link stays there
 * to select by hand.
 */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const [said, setSaid] = useState('');
  return (
    <div className="copy-link">
      <span className="copy-link__label">{label}</span>
      <a className="copy-link__url" href={url}>
        {url}
      </a>
      <button
        type="button"
        className="button button--secondary"
        aria-label={`Copy the link: ${label}`}
        onClick={() => {
          void navigator.clipboard
            ?.writeText(url)
            .then(() => setSaid('Link copied.'))
            .catch(() => setSaid('Your browser did not let us copy: select the link instead.'));
        }}
      >
        Copy
      </button>
      <span role="status" className="copy-link__said">
        {said}
      </span>
    </div>
  );
}
