import type { Installment } from '@shared/contract/billing';
import { formatUsd } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';

/** The year's payments as a table: which, when it is due, how much; the first is due now. */
export function InstallmentTable({ schedule, caption }: { schedule: Installment[]; caption: string }) {
  return (
    <div className="billing-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col">Due</th>
            <th scope="col" className="billing-table__amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((installment) => (
            <tr key={installment.installmentNo} data-installment={installment.installmentNo}>
              <th scope="row">
                {installment.installmentNo === 1 ? 'First payment (due now)' : `Payment ${installment.installmentNo}`}
              </th>
              <td>
                <time dateTime={installment.dueDate}>{formatDay(installment.dueDate)}</time>
              </td>
              <td className="billing-table__amount">{formatUsd(installment.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
