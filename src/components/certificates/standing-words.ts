import type { PolicyStanding } from '@shared/contract/certificates';
import { formatDay } from '@/components/format/dates';

/**
 * A policy's standing on a day in the words both certificate screens use: the insured's list and
 * the public check a certificate's QR code opens.
 */
export function standingWords(standing: PolicyStanding, cancellationDate: string | null = null): string {
  switch (standing) {
    case 'in_force':
      return 'In force';
    case 'not_yet_in_force':
      return 'Not yet in force';
    case 'cancelled':
      return cancellationDate ? `Cancelled on ${formatDay(cancellationDate)}` : 'Cancelled';
    case 'expired':
      return 'Expired';
  }
}

/** How a standing looks: covered (green), waiting for its start (blue), or no longer covering (grey). */
export function standingTone(standing: PolicyStanding): 'covered' | 'waiting' | 'ended' {
  if (standing === 'in_force') return 'covered';
  if (standing === 'not_yet_in_force') return 'waiting';
  return 'ended';
}
