import { formatUsd } from '@/api/contract/money-format';
import type { IlfDlfMatrix } from '@/api/contract/rating';
import { deductibleWords } from '@/components/quote/option-words';
import type { QuoteChoice } from '@/machines/quote.machine';

/**
 * Every limit × deductible with its price for the year, side by side: limits down, deductibles
 * across. Each cell is a radio button, so the table is also the choice, by keyboard as by pointer.
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
  const price = (limitCode: string, deductibleCode: string) =>
    matrix.options.find((option) => option.limitCode === limitCode && option.deductibleCode === deductibleCode);
  return (
    <div className="quote-matrix" aria-busy={busy}>
      <table>
        <caption>Price for the year by limit and deductible, fees and taxes included</caption>
        <thead>
          <tr>
            <th scope="col">
              Limit <span className="quote-matrix__axis">(per claim / in all) · deductible</span>
            </th>
            {matrix.deductibles.map((deductible) => (
              <th key={deductible.code} scope="col">
                {deductible.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.limits.map((limit) => (
            <tr key={limit.code}>
              <th scope="row">{limit.label}</th>
              {matrix.deductibles.map((deductible) => {
                const option = price(limit.code, deductible.code);
                if (!option) return <td key={deductible.code}>Not offered</td>;
                const chosen = choice?.limitCode === limit.code && choice.deductibleCode === deductible.code;
                return (
                  <td key={deductible.code} className={chosen ? 'quote-matrix__chosen' : undefined}>
                    <label className="quote-matrix__option">
                      <input
                        type="radio"
                        name="quote-option"
                        checked={chosen}
                        onChange={() => onChoose({ limitCode: limit.code, deductibleCode: deductible.code })}
                        aria-label={`${limit.label} limit, ${deductibleWords(deductible.label)}: ${formatUsd(option.totalCents)} a year`}
                      />
                      <span aria-hidden="true">{formatUsd(option.totalCents)}</span>
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
