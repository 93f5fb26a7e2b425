import '@/styles/instalments.css';
import { useMachine } from '@xstate/react';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import type { PolicyInstalments } from '@shared/contract/instalments';
import { instalmentStatusWords, noticeWords } from '@/components/instalments/instalment-words';
import { ScreenLink } from '@/components/screen-link';
import { instalmentsMachine } from '@/machines/instalments.machine';

/**
 * The dashboard's payment plans (issue 20): for each policy paid by instalments, what is due next
 * (amount, due date, Pay now once it is invoiced), overdue or under a notice of cancellation in
 * plain words, and the year's schedule. Nothing at all for an insured who pays once a year.
 */
export function InstalmentsCard({ policyId }: { policyId?: number } = {}) {
  const [state, send] = useMachine(instalmentsMachine);
  // On a policy's own screen, only that policy's plan (nothing when it is paid once a year).
  const plans = state.context.plans.filter((plan) => policyId === undefined || plan.policyId === policyId);
  if (state.matches('loading') || state.matches('none') || (state.matches('shown') && plans.length === 0)) return null;
  if (state.matches('failed'))
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load your payment plans. {state.context.errorMessage}</p>
        <button type="button" className="button" onClick={() => send({ type: 'instalments.retry' })}>
          Try again
        </button>
      </div>
    );
  return (
    <section className="instalments" aria-labelledby="instalments-title">
      <h2 id="instalments-title">Your payments</h2>
      {plans.map((plan) => (
        <PlanCard key={plan.policyId} plan={plan} />
      ))}
    </section>
  );
}

export function PlanCard({ plan }: { plan: PolicyInstalments }) {
  const titleId = `instalment-plan-${plan.policyId}`;
  const next = plan.schedule.find((item) => item.status !== 'paid' && item.status !== 'void');
  const overdue = plan.schedule.filter((item) => item.status === 'overdue');
  const paidCount = plan.schedule.filter((item) => item.status === 'paid').length;
  return (
    <article className="instalment-plan" aria-labelledby={titleId} data-policy-id={plan.policyId}>
      <h3 id={titleId}>
        Policy {plan.policyNumber} <span className="instalment-plan__term">{plan.paymentTerm.name} payments</span>
      </h3>
      {plan.noticeEndDate ? (
        <div className="notice notice--error" role="alert">
          <p>{noticeWords(plan.policyNumber, plan.noticeEndDate)}</p>
        </div>
      ) : overdue.length > 0 ? (
        <div className="notice notice--error" role="alert">
          <p>
            {overdue.length === 1
              ? `Instalment ${overdue[0]!.installmentNo} of ${formatUsd(overdue[0]!.amountCents)} was due ${formatCalendarDay(overdue[0]!.dueDate)} and is unpaid.`
              : `${overdue.length} instalments are overdue.`}{' '}
            Please pay it to keep your cover.
          </p>
        </div>
      ) : null}
      {plan.cancellationDate && (
        <p className="instalment-plan__ended">
          The policy was cancelled from {formatCalendarDay(plan.cancellationDate)}: nothing more is due.
        </p>
      )}
      {next && !plan.cancellationDate ? (
        <div className="instalment-next">
          <p className="instalment-next__what">
            <span className="instalment-next__label">Next payment</span> <strong>{formatUsd(next.amountCents)}</strong>{' '}
            {next.status === 'overdue'
              ? `overdue since ${formatCalendarDay(next.dueDate)}`
              : `due ${formatCalendarDay(next.dueDate)}`}{' '}
            (instalment {next.installmentNo} of {plan.schedule.length})
          </p>
          {next.invoiceId !== null ? (
            <ScreenLink
              screen="pay-instalment"
              search={{ invoiceid: next.invoiceId }}
              className="button button--primary"
            >
              Pay now
            </ScreenLink>
          ) : (
            <p className="instalment-next__later">We will send the invoice before it is due.</p>
          )}
        </div>
      ) : !plan.cancellationDate ? (
        <p className="instalment-plan__done">Every instalment is paid. Thank you.</p>
      ) : null}
      <details className="instalment-schedule">
        <summary>
          Payment schedule: {paidCount} of {plan.schedule.length} paid
        </summary>
        <table>
          <caption className="visually-hidden">Payment schedule of policy {plan.policyNumber}</caption>
          <thead>
            <tr>
              <th scope="col">Instalment</th>
              <th scope="col">Due</th>
              <th scope="col" className="instalment-schedule__amount">
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {plan.schedule.map((item) => (
              <tr key={item.installmentNo} data-status={item.status}>
                <th scope="row">{item.installmentNo}</th>
                <td>{formatCalendarDay(item.dueDate)}</td>
                <td className="instalment-schedule__amount">{formatUsd(item.amountCents)}</td>
                <td>
                  {item.status === 'scheduled' ? 'Not invoiced yet' : instalmentStatusWords(item.status, item.dueDate)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </article>
  );
}
