import { ScreenLink } from '@/components/screen-link';

/** "See the full order summary": every order screen offers it. */
export function OrderSummaryLink({ submissionId }: { submissionId: number }) {
  return (
    <ScreenLink screen="ordersummary" params={{ submissionid: String(submissionId) }}>
      See the full order summary
    </ScreenLink>
  );
}
