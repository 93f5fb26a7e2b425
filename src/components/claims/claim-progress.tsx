import '@/styles/claim.css';
import type { ClaimEvent, ClaimStatus } from '@shared/contract/claims';
import { claimProgress } from '@/components/claims/claim-words';
import { formatDay } from '@/components/format/dates';

const STATE_WORDS = { done: 'done', current: 'now', skipped: 'skipped', upcoming: 'to come' } as const;

/**
 * Reported → Acknowledged → Under review → Closed as a line of steps, each with the day it was
 * reached; the current one is marked for assistive technology (aria-current="step") and by more
 * than colour (a filled dot and bold words).
 */
export function ClaimProgress({ status, timeline }: { status: ClaimStatus; timeline: readonly ClaimEvent[] }) {
  return (
    <ol className="claim-progress" aria-label="Progress of the claim">
      {claimProgress(status, timeline).map((step) => (
        <li
          key={step.status}
          className={`claim-progress__step claim-progress__step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-step={step.status}
        >
          <span className="claim-progress__dot" aria-hidden="true" />
          <span className="claim-progress__label">{step.label}</span>
          <span className="claim-progress__when">
            {step.at ? (
              <time dateTime={step.at}>{formatDay(step.at)}</time>
            ) : (
              <span className="visually-hidden">{STATE_WORDS[step.state]}</span>
            )}
            {step.state === 'skipped' && <span aria-hidden="true">Skipped</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
