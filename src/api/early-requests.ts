import { http } from '@/api/client';

/**
 * The requests that can start before their screen (src/api/early-reads.ts), written once for the
 * early read and for the API function that parses the answer. Light on purpose: no contract, so
 * the entry can import it.
 */
export const earlyRequest = {
  /** GET dashboard/ordersummarydetails?submissionid (src/api/lifecycle.ts orderSummaryDetails). */
  orderDetails: (submissionId: number) =>
    http().get('dashboard/ordersummarydetails', { searchParams: { submissionid: submissionId } }),
  /** GET insured/application?submissionid (src/api/application-signature.ts loadApplication). */
  application: (submissionId: number) =>
    http().get('insured/application', { searchParams: { submissionid: submissionId } }),
};
