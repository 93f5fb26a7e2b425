import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MailedDocument } from '@/api/documents';
import { MAIL_WORDS, ShareDocumentDialog } from '@/components/documents/share-dialog';
import type { DocumentsHandle } from '@/components/documents/use-documents';
import { useAuth } from '@/components/use-auth';
import { signedInUser } from '@/machines/auth.machine';
import type { shareDocumentMachine } from '@/machines/share-document.machine';

interface ShareActionProps {
  documents: DocumentsHandle;
  what: MailedDocument;
  submissionId: number;
  orderNumber: string;
  /** Said after the words for screen readers when several orders have the same button ("of order Q-…"). */
  describes?: string;
}

/**
 * The button that opens an e-mail dialog for one order, and the dialog while it is open. The
 * address starts as the signed-in insured's own.
 */
export function ShareAction({ documents, what, submissionId, orderNumber, describes }: ShareActionProps) {
  const [state, send] = documents;
  const ownAddress = useSelector(useAuth(), signedInUser)?.email ?? '';
  const dialog = state.children.shareDocument as ActorRefFrom<typeof shareDocumentMachine> | undefined;
  // A dialog's order and mail are fixed when it opens.
  const opened = dialog?.getSnapshot().context;
  const isOpen = state.matches('sharing') && opened?.submissionId === submissionId && opened.what === what;
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => send({ type: 'share.open', what, submissionId, orderNumber, to: ownAddress })}
        aria-disabled={!state.matches('ready') || undefined}
      >
        {MAIL_WORDS[what].title}
        {describes && (
          <>
            {' '}
            <span className="visually-hidden">{describes}</span>
          </>
        )}
      </button>
      {isOpen && dialog && <ShareDocumentDialog actor={dialog} />}
    </>
  );
}

/** Says where the last mail went (role=status), once one was queued; a repeat is announced again. */
export function SharedNotice({ documents }: { documents: DocumentsHandle }) {
  const { shared } = documents[0].context;
  return (
    <p role="status" className="documents__announce">
      {shared && (
        <span key={shared.count}>
          {MAIL_WORDS[shared.what].sent} is on its way to {shared.queued.to}.
        </span>
      )}
    </p>
  );
}
