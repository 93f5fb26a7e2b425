import type { Invoice } from '@shared/contract/billing';
import { formatUsd } from '@shared/contract/money-format';
import { InstallmentTable } from '@/components/billing/installment-table';
import { DocumentDownload } from '@/components/documents/document-download';
import type { DocumentsHandle } from '@/components/documents/use-documents';
import { formatDay } from '@/components/format/dates';

/**
 * The order's invoice as the insured pays it: its number, what is due now and by when, the
 * year's payments, and the invoice itself as a PDF.
 */
export function InvoiceDetails({ invoice, documents }: { invoice: Invoice; documents: DocumentsHandle }) {
  return (
    <section className="order-section billing-invoice" aria-labelledby="payment-invoice-title">
      <h2 id="payment-invoice-title">Your invoice</h2>
      <dl className="order-facts billing-facts">
        <dt>Invoice number</dt>
        <dd data-invoice-number>{invoice.number}</dd>
        <dt>Payment plan</dt>
        <dd>{invoice.paymentTerm.name}</dd>
        <dt>Price for the year</dt>
        <dd>{formatUsd(invoice.totalCents)}</dd>
        <dt>Due now</dt>
        <dd className="order-facts__total" data-amount-due={invoice.amountDueCents}>
          {formatUsd(invoice.amountDueCents)}
        </dd>
        <dt>Due date</dt>
        <dd>
          <time dateTime={invoice.dueDate}>{formatDay(invoice.dueDate)}</time>
        </dd>
      </dl>
      {invoice.schedule.length > 1 && (
        <InstallmentTable schedule={invoice.schedule} caption="Your payments this year" />
      )}
      <DocumentDownload
        documents={documents}
        document={{
          submissionId: invoice.submissionId,
          kind: 'invoice',
          filename: `invoice-${invoice.number.toLowerCase()}.pdf`,
        }}
        title="The invoice"
        text="Download invoice"
      />
    </section>
  );
}
