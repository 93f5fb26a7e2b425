import type { SubmissionSummary } from '@/api/contract/dashboard';
import { ScreenLink } from '@/components/screen-link';
import { screens, type ScreenName } from '@/routes/screens';

function knownScreen(name: string | null): ScreenName | undefined {
  return screens.find((screen) => screen.name === name)?.name;
}

/**
 * An order's next step as a link to the screen it happens on (order screens get the order's id),
 * or as plain words when there is nothing to open (a declined order, a screen this build does not
 * know). The link names its order for screen readers, since several orders may say "Buy now".
 */
export function NextStepLink({ order, className }: { order: SubmissionSummary; className?: string }) {
  const { nextStep } = order;
  const screen = knownScreen(nextStep.screen);
  if (!screen || nextStep.action === 'none') return <span className="next-step--none">{nextStep.label}</span>;
  const path = screens.find((row) => row.name === screen)?.path ?? '';
  const target = path.includes('$submissionid') ? { screen, params: { submissionid: String(order.submissionId) } } : { screen };
  return (
    // The target is checked against the screens table above; its params follow from the path.
    <ScreenLink {...(target as never as { screen: 'dashboard' })} className={className}>
      {nextStep.label}
      <span className="visually-hidden">, order {order.number}</span>
    </ScreenLink>
  );
}
