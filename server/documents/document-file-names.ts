/**
 * What a generated document is called when it is downloaded or attached to a mail, and its
 * human title in the documents list: policy-p-2026-000042.pdf, "Declarations page". Only
 * [a-z0-9-] before ".pdf", whatever the number holds, so the name is safe in every header
 * and on every file system.
 */
import type { DocumentKind } from '@shared/contract/documents';

/** Lower-case ASCII words joined by hyphens, accents dropped: the certificate's rule too. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const PREFIXES: Record<DocumentKind, string> = {
  policy: 'policy',
  declarations: 'declarations',
  binder: 'binder',
  invoice: 'invoice',
  ordersummary: 'order-summary',
  application: 'signed-application',
  nonpaymentnotice: 'notice-of-non-payment',
  // Named by the endorsement's number, as documents/downloadendorsement names every one of them.
  endorsement: 'endorsement',
  cancellationnotice: 'endorsement',
  tailendorsement: 'endorsement',
};

const TITLES: Record<DocumentKind, string> = {
  policy: 'Policy (declarations and coverage form)',
  declarations: 'Declarations page',
  binder: 'Binder',
  invoice: 'Invoice',
  ordersummary: 'Order summary',
  application: 'Signed application',
  nonpaymentnotice: 'Notice of cancellation for non-payment',
  endorsement: 'Endorsement (change to the policy)',
  cancellationnotice: 'Notice of cancellation',
  tailendorsement: 'Extended reporting period (tail) endorsement',
};

/** policy-p-2026-000042.pdf; the policy, invoice or order number it names, made safe. */
export function documentFileName(kind: DocumentKind, number: string): string {
  return `${[PREFIXES[kind], fileSlug(number).slice(0, 80).replace(/-+$/, '')].filter(Boolean).join('-')}.pdf`;
}

export function documentTitle(kind: DocumentKind): string {
  return TITLES[kind];
}
