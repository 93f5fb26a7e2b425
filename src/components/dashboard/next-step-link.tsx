import type { SubmissionSummary } from '@shared/contract/dashboard';
import { ScreenLink } from '@/components/screen-link';
import { screens, type ScreenName } from '@shared/screens';

function knownScreen(name: string | null): ScreenName | undefined {
  return screens.find((screen) => screen.name === name)?.name;
}

const ORDER_SEARCHES: readonly string[] = ['orderSearch', 'editOrderSearch', 'paymentSearch'];

/**
 * An order's next step as a link to the screen it happens on (order screens get the order's id:
 * as a path parameter, or as ?submissionid on the status screens and payment),
 * or as plain words when there is nothing to open (a declined order, a screen this build does not
 * know). The link names its order for screen readers, since several orders may say "Buy now".
 */
export function NextStepLink({ order, className }: { order: SubmissionSummary; className?: string }) {
  const { nextStep } = order;
  const screen = knownScreen(nextStep.screen);
  if (!screen || nextStep.action === 'none') return <span className="next-step--none">{nextStep.label}</span>;
  const row = screens.find((candidate) => candidate.name === screen);
  const target = row?.path.includes('$submissionid')
    ? { screen, params: { submissionid: String(order.submissionId) } }
    : row && 'search' in row && ORDER_SEARCHES.includes(row.search)
      ? { screen, search: { submissionid: order.submissionId } }
      : { screen };
  return (
    // The target is checked against the screens table above; its params follow from the path.
    <ScreenLink {...(target as never as { screen: 'dashboard' })} className={className}>
      {nextStep.label}
      <span className="visually-hidden">, order {order.number}</span>
    </ScreenLink>
  );
}
