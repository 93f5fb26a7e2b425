import { groupThousands } from '@shared/contract/money-format';
import type { SpecialityListItem } from '@shared/contract/specialities';
import type { CatalogPlace } from '@/machines/speciality-catalog.machine';

/** Whole dollars, rounded up: a "from" figure must never promise less than the floor. */
const dollars = (cents: number) => `$${groupThousands(Math.ceil(cents / 100))}`;

/**
 * The words of a card's indicative price, or nothing where no rate table prices the speciality.
 * Said to be indicative every time: the quote, not the card, is the price.
 */
export function indicativePriceWords(
  speciality: SpecialityListItem,
  place: CatalogPlace | undefined,
): string | undefined {
  const { indicativeFromCents: from, indicativeToCents: to } = speciality;
  if (from === undefined) return undefined;
  const after = 'your price comes after a few questions.';
  if (place) return `Indicative for ZIP ${place.zipcode} (${place.stateName}): from ${dollars(from)} a year; ${after}`;
  if (to === undefined || dollars(to) === dollars(from)) return `Indicative: from ${dollars(from)} a year; ${after}`;
  return `Indicative: from ${dollars(from)}–${dollars(to)} a year, depending on your state; ${after}`;
}

export function IndicativePrice({
  speciality,
  place,
}: {
  speciality: SpecialityListItem;
  place: CatalogPlace | undefined;
}) {
  const words = indicativePriceWords(speciality, place);
  return words ? <p className="speciality-card__price">{words}</p> : null;
}
