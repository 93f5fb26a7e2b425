import { submissionStatuses } from '@shared/contract/enums';
import { type SubmissionStatus } from '@shared/contract/submissions';
import { statusScreen, type StatusScreen } from '@shared/lifecycle/order-lifecycle.machine';

/** The statuses a screen shows, as the lifecycle machine's own `statusScreen` says. */
export function statusesShownOn(screen: StatusScreen): SubmissionStatus[] {
  return submissionStatuses.filter((status) => statusScreen(status) === screen);
}

/**
 * The diagram's id of a status's state: the generator names a state by its path (`open_draft`)
 * and labels it with its key, the status (`state "draft" as open_draft`).
 */
function diagramIdOf(source: string, status: SubmissionStatus): string {
  return new RegExp(`state "${status}" as (\\w+)`).exec(source)?.[1] ?? status;
}

/**
 * The lifecycle diagram generated from the machine (docs/machines/order-lifecycle.mmd), with the
 * statuses one screen shows picked out: where that screen sits in the order's life.
 */
export function lifecycleDiagramFor(source: string, screen: StatusScreen): string {
  const lines = statusesShownOn(screen).map((status) => `  class ${diagramIdOf(source, status)} here`);
  return [
    source.trimEnd(),
    '  classDef here fill:#ffbf47,stroke:#083a50,stroke-width:3px,font-weight:bold',
    ...lines,
    '',
  ].join('\n');
}
