import { useId } from 'react';
import type { PolicyNotice } from '@shared/contract/documents';
import type { Endorsement, PolicyHistory } from '@shared/contract/endorsements';
import { DocumentDownload } from '@/components/documents/document-download';
import { useDocuments, type DocumentsHandle } from '@/components/documents/use-documents';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import { changeLines, kindWords, moneyWords, statusWords } from '@/components/policy-history/endorsement-words';
import { ScreenLink } from '@/components/screen-link';

/**
 * The policy's history as a timeline, newest first: each endorsement with its number, kind,
 * effective date and standing, what it changed, its money (with Pay while an additional premium
 * waits) and its PDF once issued; each notice of cancellation for non-payment sent about an
 * instalment, where it falls, with its PDF (fetched by the documents machine, as the documents
 * screen fetches it); the policy's issue at the bottom.
 */
export function PolicyTimeline({
  history,
  busy,
  fetching,
  failure,
  onDownload,
}: {
  history: PolicyHistory;
  /** A download is under way (this or the declarations): a click meanwhile is ignored. */
  busy: boolean;
  /** The endorsement whose PDF is being fetched; null when none. */
  fetching: number | null;
  failure: { endorsementId: number; message: string } | null;
  onDownload: (endorsementId: number) => void;
}) {
  // A notice's PDF is fetched like any document of the order: one at a time, saved under its name.
  const documents = useDocuments({ scope: 'none' });
  const events = [
    ...history.endorsements.map((endorsement) => ({ at: endorsement.createdAt, endorsement, notice: null })),
    ...(history.notices ?? []).map((notice) => ({ at: notice.sentAt, endorsement: null, notice })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <section className="policy-history-section" aria-labelledby="policy-timeline-title">
      <h2 id="policy-timeline-title">History</h2>
      <p className="policy-history-section__lead">
        {history.endorsements.length === 0
          ? 'No changes since the policy was issued.'
          : 'Every change since the policy was issued, newest first.'}
      </p>
      <ol className="policy-timeline">
        {events.map(({ endorsement, notice }) =>
          endorsement ? (
            <EndorsementItem
              key={endorsement.id}
              endorsement={endorsement}
              busy={busy}
              fetching={fetching === endorsement.id}
              failure={failure?.endorsementId === endorsement.id ? failure.message : undefined}
              onDownload={() => onDownload(endorsement.id)}
            />
          ) : (
            <NoticeItem key={`notice-${notice.invoiceId}`} notice={notice} documents={documents} />
          ),
        )}
        <li className="policy-timeline__item policy-timeline__item--issue">
          <h3 className="policy-timeline__title">
            <span className="policy-timeline__kind">Policy issued</span>{' '}
            <span className="policy-timeline__number">{history.policyNumber}</span>
          </h3>
          <p className="policy-timeline__meta">
            Issued <time dateTime={history.issuedAt}>{formatDay(history.issuedAt)}</time> · cover from{' '}
            <time dateTime={history.effectiveDate}>{formatDay(history.effectiveDate)}</time> to{' '}
            <time dateTime={history.expirationDate}>{formatDay(history.expirationDate)}</time>
          </p>
        </li>
      </ol>
    </section>
  );
}

/** A notice of cancellation for non-payment: when it was sent, the instalment it was about, its PDF. */
function NoticeItem({ notice, documents }: { notice: PolicyNotice; documents: DocumentsHandle }) {
  const title = 'Notice of cancellation for non-payment';
  return (
    <li className="policy-timeline__item policy-timeline__item--notice" data-notice-invoice-id={notice.invoiceId}>
      <h3 className="policy-timeline__title">
        <span className="policy-timeline__kind">{title}</span>
      </h3>
      <p className="policy-timeline__meta">
        Sent <time dateTime={notice.sentAt}>{formatDay(notice.sentAt)}</time> · invoice {notice.invoiceNumber}
        {notice.dueDate && (
          <>
            , due <time dateTime={notice.dueDate}>{formatDay(notice.dueDate)}</time>
          </>
        )}
      </p>
      <div className="policy-timeline__actions">
        <DocumentDownload
          documents={documents}
          document={{
            submissionId: notice.submissionId,
            kind: 'nonpaymentnotice',
            filename: notice.filename,
            invoiceId: notice.invoiceId,
          }}
          title={title}
          describes={`notice of non-payment for invoice ${notice.invoiceNumber}`}
        />
      </div>
    </li>
  );
}

function EndorsementItem({
  endorsement,
  busy,
  fetching,
  failure,
  onDownload,
}: {
  endorsement: Endorsement;
  /** Some download is under way: a click meanwhile is ignored. */
  busy: boolean;
  fetching: boolean;
  failure: string | undefined;
  onDownload: () => void;
}) {
  const errorId = useId();
  const money = moneyWords(endorsement);
  const lines = changeLines(endorsement);
  return (
    <li
      className={`policy-timeline__item policy-timeline__item--${endorsement.status}`}
      data-endorsement-id={endorsement.id}
    >
      <h3 className="policy-timeline__title">
        <span className="policy-timeline__kind">{kindWords(endorsement)}</span>{' '}
        <span className="policy-timeline__number">{endorsement.number}</span>
      </h3>
      <p className="policy-timeline__meta">
        {endorsement.kind === 'cancellation' ? 'Cancels from' : 'Takes effect'}{' '}
        <time dateTime={endorsement.effectiveDate}>{formatDay(endorsement.effectiveDate)}</time> ·{' '}
        <span className={`policy-timeline__status policy-timeline__status--${endorsement.status}`}>
          {statusWords(endorsement)}
        </span>
      </p>
      {lines.length > 0 && (
        <ul className="policy-timeline__changes">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className={`policy-timeline__money policy-timeline__money--${money.tone}`}>{money.text}</p>
      {(money.payable || endorsement.hasDocument) && (
        <div className="policy-timeline__actions">
          {money.payable && (
            <ScreenLink
              screen={endorsement.kind === 'tail' ? 'cancellation' : 'endorsements'}
              search={{ policyid: endorsement.policyId }}
              className="button button--small"
            >
              Pay <span className="visually-hidden">for {endorsement.number}</span>
            </ScreenLink>
          )}
          {endorsement.hasDocument && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => !busy && onDownload()}
              aria-disabled={busy || undefined}
              aria-describedby={failure ? errorId : undefined}
            >
              {fetching ? 'Downloading…' : 'Download'}{' '}
              <span className="visually-hidden">endorsement {endorsement.number}</span>
            </button>
          )}
        </div>
      )}
      {failure && (
        <p id={errorId} className="field__error" role="alert">
          The endorsement could not be downloaded: {failureWords(failure)}
        </p>
      )}
    </li>
  );
}
