import { useId, type KeyboardEvent } from 'react';
import { formatUsd } from '@shared/contract/money-format';
import type { IlfDlfMatrix } from '@shared/contract/rating';
import { compactAmounts, deductibleWords } from '@/components/quote/option-words';
import type { QuoteChoice } from '@/machines/quote.machine';

/** Arrow keys move through the options as through a grid: up/down the limit, left/right the deductible. */
const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * Every limit × deductible with its price for the year, side by side: limits down, deductibles
 * across. Each cell is a radio button, so the table is also the choice, by keyboard as by
 * pointer. On a phone each limit becomes a card whose deductibles wrap within the width (CSS),
 * each cell then naming its deductible, so no price is clipped and nothing scrolls sideways.
 */
export function QuoteMatrix({
  matrix,
  choice,
  busy,
  onChoose,
}: {
  matrix: IlfDlfMatrix;
  choice: QuoteChoice | undefined;
  busy: boolean;
  onChoose: (choice: QuoteChoice) => void;
}) {
  const baseId = useId();
  const cellId = (limitIndex: number, deductibleIndex: number) => `${baseId}-${limitIndex}-${deductibleIndex}`;
  const price = (limitIndex: number, deductibleIndex: number) => {
    const limit = matrix.limits[limitIndex];
    const deductible = matrix.deductibles[deductibleIndex];
    return limit && deductible
      ? matrix.options.find((option) => option.limitCode === limit.code && option.deductibleCode === deductible.code)
      : undefined;
  };
  const move = (event: KeyboardEvent<HTMLInputElement>, limitIndex: number, deductibleIndex: number) => {
    const step = MOVES[event.key];
    if (!step) return;
    // The browser would walk the radios in a line; this grid walks by row and column instead.
    event.preventDefault();
    let [l, d] = [limitIndex + step[0], deductibleIndex + step[1]];
    while (l >= 0 && d >= 0 && l < matrix.limits.length && d < matrix.deductibles.length) {
      const option = price(l, d);
      if (option) {
        onChoose({ limitCode: option.limitCode, deductibleCode: option.deductibleCode });
        document.getElementById(cellId(l, d))?.focus();
        return;
      }
      [l, d] = [l + step[0], d + step[1]];
    }
  };
  return (
    <div className="quote-matrix" aria-busy={busy}>
      <table>
        <caption>
          Price for the year by limit and deductible, fees and taxes included. Arrow keys move between options.
        </caption>
        <thead>
          <tr>
            <th scope="col">
              Limit <span className="quote-matrix__axis">per claim / in all</span>
            </th>
            {matrix.deductibles.map((deductible) => (
              <th key={deductible.code} scope="col">
                {deductible.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.limits.map((limit, limitIndex) => (
            <tr key={limit.code}>
              <th scope="row">
                {compactAmounts(limit.label)}
                <span className="quote-matrix__row-hint"> limit</span>
              </th>
              {matrix.deductibles.map((deductible, deductibleIndex) => {
                const option = price(limitIndex, deductibleIndex);
                if (!option) return <td key={deductible.code}>Not offered</td>;
                const chosen = choice?.limitCode === limit.code && choice.deductibleCode === deductible.code;
                return (
                  <td key={deductible.code} className={chosen ? 'quote-matrix__chosen' : undefined}>
                    <label className="quote-matrix__option">
                      <input
                        id={cellId(limitIndex, deductibleIndex)}
                        type="radio"
                        name={`${baseId}-option`}
                        value={`${limit.code}|${deductible.code}`}
                        checked={chosen}
                        onChange={() => onChoose({ limitCode: limit.code, deductibleCode: deductible.code })}
                        onKeyDown={(event) => move(event, limitIndex, deductibleIndex)}
                        aria-label={`${limit.label} limit, ${deductibleWords(deductible.label)}: ${formatUsd(option.totalCents)} a year`}
                      />
                      <span aria-hidden="true" className="quote-matrix__price">
                        <span className="quote-matrix__cell-deductible">{deductibleWords(deductible.label)}</span>
                        {formatUsd(option.totalCents)}
                      </span>
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
