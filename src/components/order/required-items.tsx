import type { RequiredItem } from '@shared/contract/lifecycle';
import { ScreenLink } from '@/components/screen-link';
import { screens, type ScreenName } from '@shared/screens';

const ORDER_SEARCHES: readonly string[] = ['orderSearch', 'editOrderSearch', 'paymentSearch'];

/**
 * Where to fix an item: its screen, with the order when that screen takes one (as a path
 * parameter, or as ?submissionid); undefined for a screen this build does not know.
 */
function fixTarget(screen: string, submissionId: number) {
  const row = screens.find((candidate) => candidate.name === screen);
  if (!row) return undefined;
  const name = row.name as ScreenName;
  if (row.path.includes('$submissionid')) return { screen: name, params: { submissionid: String(submissionId) } };
  if ('search' in row && ORDER_SEARCHES.includes(row.search))
    return { screen: name, search: { submissionid: submissionId } };
  return { screen: name };
}

const FIX_WORDS: Record<RequiredItem['kind'], string> = {
  answer: 'Answer it',
  location: 'Add a location',
  primaryContact: 'Add a primary contact',
  document: 'Upload it',
};

interface RequiredItemListProps {
  items: RequiredItem[];
  submissionId: number;
  /** The screen showing the list: items supplied on it link to their part of it instead of away. */
  here?: string;
  /** Where on this screen each kind is supplied (element ids): the answers, the upload. */
  anchors?: Partial<Record<RequiredItem['kind'], string>>;
}

/** What the order still lacks, each with a link to where to supply it (on this screen, or another). */
export function RequiredItemList({ items, submissionId, here, anchors = {} }: RequiredItemListProps) {
  return (
    <ul className="required-items">
      {items.map((item) => {
        const anchor = item.screen === here ? anchors[item.kind] : undefined;
        const target = item.screen === here ? undefined : fixTarget(item.screen, submissionId);
        const words = (
          <>
            {FIX_WORDS[item.kind]}
            <span className="visually-hidden">: {item.label}</span>
          </>
        );
        return (
          <li key={item.code} className="required-items__item" data-required-item={item.code}>
            <span className="required-items__label">{item.label}</span>{' '}
            {anchor ? (
              <a href={`#${anchor}`} className="required-items__fix">
                {words}
              </a>
            ) : target ? (
              // Checked against the screens table above; its params follow from the path.
              <ScreenLink {...(target as never as { screen: 'dashboard' })} className="required-items__fix">
                {words}
              </ScreenLink>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
