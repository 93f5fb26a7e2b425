import '@/styles/purchase.css';
import type { ReactNode } from 'react';
import { formatUsd } from '@shared/contract/money-format';

export interface CoverSummaryFacts {
  speciality: string;
  /** "Houston, TX 77002" once the ZIP is known. */
  place?: string | undefined;
  limit?: string | undefined;
  deductible?: string | undefined;
  plan?: string | undefined;
  /** The year's total, fees and taxes included. */
  totalCents?: number | undefined;
  /** Due today under the chosen plan, when it differs from the total. */
  dueNowCents?: number | undefined;
}

/**
 * The cover chosen and its price, always in view during the purchase: a side panel on a wide
 * screen, a compact bar pinned to the bottom on a phone (the same element, laid out by CSS).
 * Its figures are the screen's own, so it never says anything the screen does not.
 */
export function CoverSummary({ facts, children }: { facts: CoverSummaryFacts; children?: ReactNode }) {
  const { speciality, place, limit, deductible, plan, totalCents, dueNowCents } = facts;
  const rows: Array<[string, string]> = [
    ['Cover', `${speciality} professional liability`],
    ...(place ? [['Practice', place] as [string, string]] : []),
    ...(limit ? [['Limit', limit] as [string, string]] : []),
    ...(deductible ? [['Deductible', deductible] as [string, string]] : []),
    ...(plan ? [['Payment plan', plan] as [string, string]] : []),
  ];
  return (
    <aside className="cover-summary" aria-labelledby="cover-summary-title">
      <h2 id="cover-summary-title" className="cover-summary__title">
        Your cover
      </h2>
      <dl className="cover-summary__facts">
        {rows.map(([term, value]) => (
          <div key={term} className="cover-summary__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="cover-summary__price" data-summary-total={totalCents}>
        {totalCents === undefined ? (
          <span className="cover-summary__pending">Your price comes after a few questions</span>
        ) : (
          <>
            <span className="cover-summary__amount">{formatUsd(totalCents)}</span>{' '}
            <span className="cover-summary__per">a year</span>
            {dueNowCents !== undefined && dueNowCents !== totalCents && (
              <span className="cover-summary__due"> · {formatUsd(dueNowCents)} today</span>
            )}
          </>
        )}
      </p>
      {children}
    </aside>
  );
}
