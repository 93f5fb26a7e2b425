/**
 * How the site and the policy documents word the insurer, the producer's licences and the demo
 * notice, so the footer, the landing page and every PDF say the same thing.
 */
import type { Trust } from '@shared/contract/runtime-config';

/** "Underwritten by Keystone Specialty Insurance Company (NAIC 12345). AM Best rating: A (Excellent)." */
export function insurerWords({ insurer }: Pick<Trust, 'insurer'>): string {
  return `Underwritten by ${insurer.name} (NAIC ${insurer.naic}). AM Best rating: ${insurer.amBest}.`;
}

/** "Producer licences: TX 2345678, CA 0K12345." */
export function licenceWords({ producerLicenses }: Pick<Trust, 'producerLicenses'>): string {
  return `Producer licences: ${producerLicenses.map((licence) => `${licence.state} ${licence.number}`).join(', ')}.`;
}

/** Said beside them whenever any is the demo's default (Trust.demo). */
export const DEMO_TRUST_NOTICE = 'Includes fictitious demo values.';
