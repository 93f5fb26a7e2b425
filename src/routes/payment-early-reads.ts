import { loadApplication } from '@/api/application-signature';
import { earlyReadKey, readEarly } from '@/api/early-reads';
import { orderSummaryDetails } from '@/api/lifecycle';
import { orderIdOf } from '@/components/order/order-id';

/**
 * Review and pay's early reads: the order and the application it reviews, both at once. Its own
 * module, loaded only for that screen: the calls' contracts stay out of the entry chunk every
 * other page loads (the HTML shell preloads them for /payment with the screen's chunk).
 */
export function startPaymentReads(search: Record<string, unknown>): void {
  const submissionId = orderIdOf(search.submissionid);
  if (submissionId === undefined) return;
  readEarly(earlyReadKey.orderDetails(submissionId), () => orderSummaryDetails(submissionId));
  readEarly(earlyReadKey.application(submissionId), () => loadApplication(submissionId));
}
