/**
 * The purchase as the insured walks it (issue 16): seven steps, each a screen, none visited
 * twice. The progress indicator names them; the hosted checkout is the provider's page, so the
 * app shows it as the step that comes after "Review and pay".
 */
export const purchaseSteps = [
  { key: 'speciality', label: 'Speciality' },
  { key: 'practice', label: 'Your practice' },
  { key: 'price', label: 'Price' },
  { key: 'account', label: 'Account' },
  { key: 'review', label: 'Review and pay' },
  { key: 'checkout', label: 'Secure checkout' },
  { key: 'policy', label: 'Your policy' },
] as const;

export type PurchaseStep = (typeof purchaseSteps)[number]['key'];

export function stepNumber(step: PurchaseStep): number {
  return purchaseSteps.findIndex((candidate) => candidate.key === step) + 1;
}
