/** A step of the quote that failed: what, why in the server's words, and a way to try again. */
export function RetryNotice({ what, why, onRetry }: { what: string; why: string | undefined; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>
        {what} {why}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
