import type { WorksheetLine } from '@/api/contract/rating';

/** How the price is worked out, line by line, in plain words, each with where it comes from. */
export function Worksheet({ lines }: { lines: WorksheetLine[] }) {
  return (
    <ol className="worksheet">
      {lines.map((line) => (
        <li key={line.step} className={`worksheet__line worksheet__line--${line.step}`} data-step={line.step}>
          <span className="worksheet__text">{line.text}</span>
          <span className="worksheet__source">{line.source}</span>
        </li>
      ))}
    </ol>
  );
}
