import type { ClaimEvent } from '@shared/contract/claims';
import { claimStatusWords } from '@/components/claims/claim-words';
import { formatMoment } from '@/components/format/dates';

/** "Reported by you", "Acknowledged by Dana Reyes": one entry of the claim's history, for its reader. */
function entryWords(event: ClaimEvent, viewer: 'insured' | 'handler'): string {
  const who = event.by === viewer && viewer === 'insured' ? 'you' : event.byName;
  if (event.from === null) return `Reported by ${who}`;
  if (event.from === 'closed') return `Reopened by ${who}: ${claimStatusWords(event.to).toLowerCase()}`;
  return `${claimStatusWords(event.to)}: by ${who}`;
}

/** The claim's history, oldest first: each move, who made it, when, and the note the handler wrote with it. */
export function ClaimTimeline({
  timeline,
  viewer,
}: {
  timeline: readonly ClaimEvent[];
  viewer: 'insured' | 'handler';
}) {
  return (
    <ol className="claim-timeline">
      {timeline.map((event) => (
        <li key={event.id} className="claim-timeline__entry" data-to={event.to}>
          <span className="claim-timeline__what">{entryWords(event, viewer)}</span>{' '}
          <time className="claim-timeline__when" dateTime={event.at}>
            {formatMoment(event.at)}
          </time>
          {event.note && <p className="claim-timeline__note">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
