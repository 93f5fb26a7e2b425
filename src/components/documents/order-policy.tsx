import '@/styles/billing.css';
import { PolicyFacts } from '@/components/billing/policy-facts';
import { DocumentDownload } from '@/components/documents/document-download';
import { DOCUMENT_KIND_WORDS } from '@/components/documents/document-words';
import { ShareAction, SharedNotice } from '@/components/documents/share-action';
import { useDocuments, type DocumentsHandle } from '@/components/documents/use-documents';
import { ScreenLink } from '@/components/screen-link';

/**
 * complete-order's policy and documents for one paid order: the policy as issued
 * (insured/policyinfo), each of the order's documents to download (documents/list), and "E-mail
 * my order confirmation". Before the policy is issued (bound), it says the documents follow.
 */
export function OrderPolicy({ submissionId, orderNumber }: { submissionId: number; orderNumber: string }) {
  const documents = useDocuments({ scope: 'order', submissionId });
  const [state, send] = documents;
  const { policy, errorMessage } = state.context;

  if (state.matches('loading') || state.matches('starting')) {
    return (
      <section className="order-section" aria-labelledby="complete-policy-title">
        <h2 id="complete-policy-title">Your policy</h2>
        <p role="status">Loading your policy…</p>
      </section>
    );
  }
  if (state.matches('failed')) {
    return (
      <section className="order-section" aria-labelledby="complete-policy-title">
        <h2 id="complete-policy-title">Your policy</h2>
        <div className="notice notice--error" role="alert">
          <p>We could not load your policy. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'documents.retry' })}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  return (
    <>
      <section className="order-section" aria-labelledby="complete-policy-title">
        <h2 id="complete-policy-title">Your policy</h2>
        {policy ? (
          <>
            <PolicyFacts policy={policy} />
            <p>
              Need proof of cover for a landlord or a client?{' '}
              <ScreenLink screen="certificates" search={{ policyid: policy.policyId }}>
                Issue a certificate of insurance
              </ScreenLink>
            </p>
            <p>
              Its standing, changes and cancellation, all in one place:{' '}
              <ScreenLink screen="policy-history" search={{ policyid: policy.policyId }}>
                View your policy
              </ScreenLink>
            </p>
          </>
        ) : (
          <p>Your policy is being issued. Its number and documents appear here as soon as it is ready.</p>
        )}
      </section>
      <OrderDocumentList documents={documents} submissionId={submissionId} orderNumber={orderNumber} />
    </>
  );
}

function OrderDocumentList({
  documents,
  submissionId,
  orderNumber,
}: {
  documents: DocumentsHandle;
  submissionId: number;
  orderNumber: string;
}) {
  const [state] = documents;
  const entries = state.context.orders.find((order) => order.submissionId === submissionId)?.documents ?? [];
  const issued = state.context.policy !== null;
  return (
    <section className="order-section" aria-labelledby="complete-documents-title">
      <h2 id="complete-documents-title">Documents</h2>
      <p>
        {issued
          ? 'Download your policy, binder, invoice and order summary.'
          : entries.length > 0
            ? 'Download what is ready below; your policy and binder follow as soon as they are issued.'
            : 'Your policy, binder and invoice appear here and on the documents page as soon as they are issued.'}
      </p>
      {entries.length > 0 && (
        <ul className="documents-list">
          {entries.map((entry) => (
            <li
              key={`${entry.kind}-${entry.invoiceId ?? ''}-${entry.endorsementId ?? ''}`}
              className="documents-list__item"
              data-document-kind={entry.kind}
            >
              <span className="documents-list__title">{entry.title}</span>
              <DocumentDownload
                documents={documents}
                document={{
                  submissionId,
                  kind: entry.kind,
                  filename: entry.filename,
                  // A notice of non-payment is fetched by the instalment it is about.
                  ...(entry.invoiceId === undefined ? {} : { invoiceId: entry.invoiceId }),
                  // An endorsement's PDF (a change, the cancellation's notice, a tail) by its endorsement.
                  ...(entry.endorsementId === undefined ? {} : { endorsementId: entry.endorsementId }),
                }}
                title={entry.title}
                text={`Download ${DOCUMENT_KIND_WORDS[entry.kind]}${entry.endorsementNumber ? ` ${entry.endorsementNumber}` : ''}`}
              />
            </li>
          ))}
        </ul>
      )}
      <SharedNotice documents={documents} />
      <div className="billing-actions">
        <ShareAction
          documents={documents}
          what="orderConfirmation"
          submissionId={submissionId}
          orderNumber={orderNumber}
        />
        <ScreenLink screen="document" className="button button--secondary">
          Go to your documents
        </ScreenLink>
      </div>
    </section>
  );
}
