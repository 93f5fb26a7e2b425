import type { DocumentKind } from '@shared/contract/documents';

/** Each kind of document as a button names it ("Download policy"). */
export const DOCUMENT_KIND_WORDS: Record<DocumentKind, string> = {
  policy: 'policy',
  declarations: 'declarations page',
  binder: 'binder',
  invoice: 'invoice',
  ordersummary: 'order summary',
  application: 'signed application',
  nonpaymentnotice: 'notice of cancellation for non-payment',
  endorsement: 'endorsement',
  cancellationnotice: 'notice of cancellation',
  tailendorsement: 'tail endorsement',
};
