import { failureWords } from '@/components/format/failure-words';
import type { DocumentsHandle } from '@/components/documents/use-documents';
import { sameDocument, type DocumentRef } from '@/machines/documents.machine';

interface DocumentDownloadProps {
  documents: DocumentsHandle;
  document: DocumentRef;
  /** What the document is, for the failure's words ("Policy"). */
  title: string;
  /** The button's words; "Download" when left out. */
  text?: string;
  /**
   * Said after the words for screen readers, when several buttons would say the same
   * ("Policy, policy P-2026-004217"): the accessible name starts with the visible words.
   */
  describes?: string;
}

/**
 * One document's download button: busy while it is fetched (aria-disabled, so focus stays on
 * it), and a failure beside it when it could not be fetched. The machine fetches one at a time.
 */
export function DocumentDownload({ documents, document, title, text = 'Download', describes }: DocumentDownloadProps) {
  const [state, send] = documents;
  const { document: current, failure } = state.context;
  const same = (other: DocumentRef | null) => sameDocument(other, document);
  const busy = state.matches('downloading') && same(current);
  const words = busy ? 'Downloading…' : text;
  return (
    <>
      <button
        type="button"
        className="button button--secondary document-download"
        onClick={() => send({ type: 'document.download', ...document })}
        aria-disabled={busy || undefined}
        aria-label={describes ? `${busy ? 'Downloading' : text} ${describes}` : undefined}
      >
        {words}
      </button>
      {same(failure) && (
        <p className="notice notice--error document-download__error" role="alert">
          {title} could not be downloaded: {failureWords(failure!.message)}
        </p>
      )}
    </>
  );
}
