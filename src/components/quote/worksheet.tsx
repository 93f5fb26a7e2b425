import type { WorksheetLine } from '@shared/contract/rating';
import { worksheetWhy } from '@/components/quote/worksheet-words';
import '@/styles/worksheet.css';

/**
 * How the price is worked out, line by line, in plain words. The insured sees why each line is
 * there; an underwriter (`sources`) sees where each figure comes from instead: the rate table and
 * its version, the codes and bands, the answers that moved the schedule.
 */
export function Worksheet({ lines, sources = false }: { lines: WorksheetLine[]; sources?: boolean }) {
  return (
    <ol className="worksheet">
      {lines.map((line) => (
        <li key={line.step} className={`worksheet__line worksheet__line--${line.step}`} data-step={line.step}>
          <span className="worksheet__text">{line.text}</span>
          {sources ? (
            <span className="worksheet__source">{line.source}</span>
          ) : (
            <span className="worksheet__why">{worksheetWhy[line.step]}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
