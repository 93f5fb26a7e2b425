import type { CloseLostReason } from '@/api/lifecycle';

/** The close-lost reasons as the insured picks them (the wire keeps the codes). */
export const CLOSE_LOST_REASON_WORDS: Record<CloseLostReason, string> = {
  price: 'The price',
  coverage: 'The cover does not fit',
  bought_elsewhere: 'I bought cover elsewhere',
  no_longer_needed: 'I no longer need it',
  other: 'Another reason',
};

/**
 * A recorded reason in words. The server records the insured's as "code" or "code: comment";
 * the code reads as its label, the comment as written. An underwriter's own words stay as they are.
 */
export function closeLostReasonWords(reason: string): string {
  const [code, ...comment] = reason.split(': ');
  const label = CLOSE_LOST_REASON_WORDS[code as CloseLostReason];
  if (!label) return reason;
  return comment.length > 0 ? `${label} (${comment.join(': ')})` : label;
}
