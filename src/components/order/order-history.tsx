import '@/styles/order.css';
import type { HistoryEntry } from '@shared/contract/submissions';
import { orderStatusWords } from '@/components/dashboard/order-status';
import { formatMoment } from '@/components/format/dates';
import { closeLostReasonWords } from '@/components/order/close-lost-words';

export type HistoryAudience = 'insured' | 'underwriter';

const withReason = (words: string, reason: string | null) => (reason ? `${words}: ${reason}` : words);

/**
 * A move in words. The insured reads "You …" for their own moves; the underwriter reads the same
 * move from the desk's side. Quote edits (`quote`, `rerate`, `answers`, `locations`) are not
 * lifecycle moves: only the underwriter's audience lists them.
 */
function moveWords(entry: HistoryEntry, audience: HistoryAudience): string {
  const insured = audience === 'insured';
  switch (entry.event) {
    case 'order.rate':
      return 'Quoted';
    case 'order.draft':
      return 'Back to draft: the answers no longer give a price';
    case 'order.buyNow':
      return insured ? 'You bought now' : 'The insured chose Buy now';
    case 'order.requireItems':
      return 'Some details were still needed';
    case 'order.supplyItems':
      return insured ? 'You supplied missing details' : 'The insured supplied missing details';
    case 'order.refer':
      return withReason('Referred to an underwriter', entry.reason);
    case 'order.requestInfo':
      return withReason('An underwriter asked for information', entry.reason);
    case 'order.resubmit':
      return withReason(insured ? 'You sent it back to the underwriter' : 'The insured sent it back', entry.reason);
    case 'order.approve':
      return withReason('Approved', entry.reason);
    case 'order.decline':
      return withReason('Declined', entry.reason);
    case 'order.generateInvoice':
      return 'Invoice created';
    case 'order.paymentSucceeded':
      return 'Payment received';
    case 'order.issueDocuments':
      return 'Policy documents issued';
    case 'order.sendToCloseLost':
      return withReason('Closed', entry.reason === null ? null : closeLostReasonWords(entry.reason));
    case 'quote':
      return 'Quote saved';
    case 'rerate':
      return 'Quote priced again';
    case 'answers':
      return 'Answers changed';
    case 'locations':
      return 'Locations changed';
    case 'attach':
      return 'Quote attached to the account';
    default:
      return withReason(entry.event, entry.reason);
  }
}

function who(entry: HistoryEntry, audience: HistoryAudience): string {
  if (entry.actor === 'system') return 'Our rules';
  if (entry.actorName) return entry.actorName;
  if (entry.actor === 'underwriter') return 'An underwriter';
  return audience === 'insured' ? 'You' : 'The insured';
}

const isLifecycleMove = (entry: HistoryEntry) => entry.event.startsWith('order.');

/**
 * An order's history, oldest first: what happened, who did it ("Our rules" when the rules
 * decided) and when. The underwriter also sees quote edits and the raw status change.
 */
export function OrderHistory({ entries, audience }: { entries: HistoryEntry[]; audience: HistoryAudience }) {
  const shown = (audience === 'insured' ? entries.filter(isLifecycleMove) : entries).toSorted(
    (a, b) => a.at.localeCompare(b.at) || a.id - b.id,
  );
  if (shown.length === 0) return <p className="order-history__empty">Nothing has happened to this order yet.</p>;
  return (
    <ol className="order-history">
      {shown.map((entry) => (
        <li key={entry.id} className={`order-history__entry order-history__entry--${entry.actor}`}>
          <span className="order-history__what">{moveWords(entry, audience)}</span>
          <span className="order-history__meta">
            <span className="order-history__who">{who(entry, audience)}</span>
            {', '}
            <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
          </span>
          {audience === 'underwriter' && (
            <span className="order-history__status">
              {entry.fromStatus ? `${orderStatusWords(entry.fromStatus)} → ` : ''}
              {orderStatusWords(entry.toStatus)}{' '}
              <code>
                ({entry.fromStatus ?? '—'} → {entry.toStatus})
              </code>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
