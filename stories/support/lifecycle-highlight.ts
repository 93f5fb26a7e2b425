import { submissionStatuses } from '@shared/contract/enums';
import { type SubmissionStatus } from '@shared/contract/submissions';
import { statusScreen, type StatusScreen } from '@shared/lifecycle/order-lifecycle.machine';

/** The statuses a screen shows, as the lifecycle machine's own `statusScreen` says. */
export function statusesShownOn(screen: StatusScreen): SubmissionStatus[] {
  return submissionStatuses.filter((status) => statusScreen(status) === screen);
}

/**
 * The lifecycle diagram generated from the machine (docs/machines/order-lifecycle.mmd), with the
 * statuses one screen shows picked out: where that screen sits in the order's life. The
 * diagram's state ids are the statuses themselves.
 */
export function lifecycleDiagramFor(source: string, screen: StatusScreen): string {
  const lines = statusesShownOn(screen).map((status) => `  class ${status} here`);
  return [
    source.trimEnd(),
    '  classDef here fill:#ffbf47,stroke:#083a50,stroke-width:3px,font-weight:bold',
    ...lines,
    '',
  ].join('\n');
}
