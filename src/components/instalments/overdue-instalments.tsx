import '@/styles/instalments.css';
import { useMachine } from '@xstate/react';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import { overdueInstalmentsMachine } from '@/machines/overdue-instalments.machine';

/**
 * The broker's book: insureds with an instalment unpaid past its due date (issue 20), most overdue
 * first, with any notice of cancellation and the day cover ends — so the broker can call them
 * before the policy lapses. Nothing shows when nothing is overdue.
 */
export function OverdueInstalments() {
  const [state, send] = useMachine(overdueInstalmentsMachine);
  if (state.matches('loading') || state.matches('none')) return null;
  if (state.matches('failed'))
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load the overdue instalments. {state.context.errorMessage}</p>
        <button type="button" className="button" onClick={() => send({ type: 'overdue.retry' })}>
          Try again
        </button>
      </div>
    );
  return (
    <section className="overdue-instalments" aria-labelledby="overdue-instalments-title">
      <h2 id="overdue-instalments-title">Overdue instalments</h2>
      <div className="overdue-instalments__table">
        <table>
          <caption className="visually-hidden">Instalments unpaid past their due date, most overdue first</caption>
          <thead>
            <tr>
              <th scope="col">Insured</th>
              <th scope="col">Policy</th>
              <th scope="col">Instalment</th>
              <th scope="col">Overdue</th>
              <th scope="col">Standing</th>
            </tr>
          </thead>
          <tbody>
            {state.context.overdue.map((row) => (
              <tr key={`${row.policyId}-${row.installmentNo}`}>
                <th scope="row">
                  {row.insuredName}
                  <br />
                  <a href={`mailto:${row.email}`}>{row.email}</a>
                </th>
                <td>{row.policyNumber}</td>
                <td>
                  {row.installmentNo}: {formatUsd(row.amountCents)}, due {formatCalendarDay(row.dueDate)}
                </td>
                <td>
                  {row.daysOverdue} {row.daysOverdue === 1 ? 'day' : 'days'}
                </td>
                <td>
                  {row.noticeEndDate
                    ? `Notice of cancellation: cover ends ${formatCalendarDay(row.noticeEndDate)} unless paid`
                    : 'In force, reminded'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
