import type { ReactNode } from 'react';
import type { ClaimDetail } from '@shared/contract/claims';
import type { ClaimSide } from '@/api/claims';
import { ClaimAttachmentList } from '@/components/claims/claim-attachments';
import { ClaimConversation } from '@/components/claims/claim-conversation';
import { ClaimTimeline } from '@/components/claims/claim-timeline';
import type { MessageFailure } from '@/machines/claim-conversation';

const REPORTED_TITLE: Record<ClaimSide, string> = {
  insured: 'What you reported',
  handler: 'What the insured reported',
};

/**
 * What both sides of a claim read below its facts and progress, in the same order and words but
 * for who is who: the messages (with the box while it is open), the attachments, what was
 * reported and the history. Each side adds its own below the messages or the files (the insured's
 * upload field, the handler's word that a closed claim must be reopened to write).
 */
export function ClaimThread({
  detail,
  viewer,
  sending,
  sent,
  messageFailure,
  onSend,
  afterMessages,
  afterAttachments,
}: {
  detail: ClaimDetail;
  viewer: ClaimSide;
  sending: boolean;
  sent: number;
  messageFailure: MessageFailure | null;
  onSend: (body: string) => void;
  afterMessages?: ReactNode;
  afterAttachments?: ReactNode;
}) {
  const { claim } = detail;
  return (
    <>
      <section className="claim-section" aria-labelledby="claim-messages-title">
        <h2 id="claim-messages-title">Messages</h2>
        <ClaimConversation
          messages={detail.messages}
          viewer={viewer}
          open={detail.open}
          sending={sending}
          sent={sent}
          failure={messageFailure}
          onSend={onSend}
        />
        {afterMessages}
      </section>

      <section className="claim-section" aria-labelledby="claim-attachments-title">
        <h2 id="claim-attachments-title">Attachments</h2>
        <ClaimAttachmentList claimId={claim.id} attachments={detail.attachments} viewer={viewer} />
        {afterAttachments}
      </section>

      <section className="claim-section" aria-labelledby="claim-reported-title">
        <h2 id="claim-reported-title">{REPORTED_TITLE[viewer]}</h2>
        <p className="claim-described">{claim.description}</p>
      </section>

      <section className="claim-section" aria-labelledby="claim-history-title">
        <h2 id="claim-history-title">History</h2>
        <ClaimTimeline timeline={detail.timeline} viewer={viewer} />
      </section>
    </>
  );
}
