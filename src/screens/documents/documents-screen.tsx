import '@/styles/order.css';
import '@/styles/billing.css';
import { periodWords } from '@/components/billing/money-words';
import { formatDay } from '@/components/format/dates';
import { DocumentDownload } from '@/components/documents/document-download';
import { ShareAction, SharedNotice } from '@/components/documents/share-action';
import { useDocuments, type DocumentsHandle } from '@/components/documents/use-documents';
import { policyStanding } from '@/components/policy-history/policy-standing';
import { usePolicyIds, ViewPolicyLink } from '@/components/policy-history/view-policy-link';
import { ScreenLink } from '@/components/screen-link';
import type { DocumentOrder } from '@/machines/documents.machine';
import type { DocumentEntry, OrderInvoice } from '@shared/contract/documents';
import { formatUsd } from '@shared/contract/money-format';

const TITLE_ID = 'document-title';

/**
 * document: every document of every order, grouped by policy (or order, before one is issued),
 * each downloaded with the bearer token and saved under the server's name, and the order summary
 * sent by e-mail to an address of the insured's choosing. Each invoice of the order (the plan's
 * instalments, an endorsement's, a tail's) is listed apart with what it is for, its amount and
 * status, and its own download. Each policy says where it stands today (the policy page's words)
 * and lists every endorsement it was sent (changes, the cancellation's notice, a tail) with its
 * number and date.
 */
export default function DocumentsScreen() {
  const documents = useDocuments({ scope: 'account' });
  const [state, send] = documents;
  const { orders, errorMessage, today } = state.context;
  return (
    <section data-screen="document" className="screen order-screen documents-screen" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your policy</p>
      <h1 id={TITLE_ID}>Your documents</h1>
      <p className="order-screen__lead">
        Your policies, binders, endorsements, notices, invoices and order summaries, ready to download or send by
        e-mail.
      </p>
      {state.matches('loading') || state.matches('starting') ? (
        <p role="status">Loading your documents…</p>
      ) : state.matches('failed') ? (
        <div className="notice notice--error" role="alert">
          <p>We could not load your documents. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'documents.retry' })}>
            Try again
          </button>
        </div>
      ) : orders.length === 0 ? (
        <div className="notice documents-empty">
          <p>No documents yet. Your policy, binder, invoice and order summary appear here once an order is paid for.</p>
          <p>
            <ScreenLink screen="dashboard">Go to your dashboard</ScreenLink>
          </p>
        </div>
      ) : (
        <>
          {orders.some((order) => order.policyNumber) && (
            <p>
              Need proof of cover for a landlord or a client?{' '}
              <ScreenLink screen="certificates">Issue a certificate of insurance</ScreenLink>
            </p>
          )}
          <SharedNotice documents={documents} />
          <EveryOrderDocuments orders={orders} documents={documents} today={today} />
        </>
      )}
    </section>
  );
}

/** "policy P-2026-004217" once issued, else "order Q-2026-004217": what the insured knows it by. */
function nameOf(order: DocumentOrder): string {
  return order.policyNumber ? `policy ${order.policyNumber}` : `order ${order.orderNumber}`;
}

/**
 * Each order's documents; a policy's link to its own page by its id — the list's, or, from an
 * older server that names none, looked up once the list is in.
 */
function EveryOrderDocuments({
  orders,
  documents,
  today,
}: {
  orders: DocumentOrder[];
  documents: DocumentsHandle;
  today: string | null;
}) {
  const policyIds = usePolicyIds(orders.some((order) => order.policyNumber && order.policyId == null));
  return orders.map((order) => (
    <OrderDocuments
      key={order.submissionId}
      order={order}
      documents={documents}
      today={today}
      policyId={order.policyNumber ? (order.policyId ?? policyIds.get(order.policyNumber)) : undefined}
    />
  ));
}

/** The policy's standing today in the policy page's words ("In force", "Cancelled from Oct 1, 2026"), when known. */
function PolicyStandingBadge({ order, today }: { order: DocumentOrder; today: string | null }) {
  const { policyStatus, effectiveDate, expirationDate } = order;
  if (!policyStatus || !today || !effectiveDate || !expirationDate) return null;
  const standing = policyStanding(
    { status: policyStatus, effectiveDate, expirationDate, cancellationDate: order.cancellationDate ?? null },
    today,
  );
  return (
    <p className="documents-order__standing">
      <span className="visually-hidden">Status: </span>
      <span className={`documents-standing documents-standing--${standing.tone}`} data-policy-status={policyStatus}>
        {standing.words}
      </span>
      {standing.detail && <span className="documents-order__standing-detail"> {standing.detail}</span>}
    </p>
  );
}

/** An endorsement's number and the day it counts from, in the words of what it did. */
function endorsementFacts(entry: DocumentEntry): string | null {
  if (!entry.endorsementNumber) return null;
  const day = entry.effectiveDate ? formatDay(entry.effectiveDate) : null;
  if (!day) return entry.endorsementNumber;
  const words =
    entry.kind === 'cancellationnotice'
      ? `cancelled from ${day}`
      : entry.kind === 'tailendorsement'
        ? `reporting period from ${day}`
        : `effective ${day}`;
  return `${entry.endorsementNumber}, ${words}`;
}

function OrderDocuments({
  order,
  documents,
  policyId,
  today,
}: {
  order: DocumentOrder;
  documents: DocumentsHandle;
  policyId: number | undefined;
  today: string | null;
}) {
  const titleId = `documents-${order.submissionId}-title`;
  const name = nameOf(order);
  // The first invoice is among the order's invoices when they are listed: once is enough.
  const invoices = order.invoices ?? [];
  const listed = invoices.length ? order.documents.filter((entry) => entry.kind !== 'invoice') : order.documents;
  return (
    <section
      className="order-section documents-order"
      aria-labelledby={titleId}
      data-submission-id={order.submissionId}
    >
      <h2 id={titleId}>
        {order.policyNumber ? `Policy ${order.policyNumber}` : `Order ${order.orderNumber}`}: {order.speciality}
      </h2>
      {order.policyNumber && <PolicyStandingBadge order={order} today={today} />}
      <p className="documents-order__meta">
        {order.effectiveDate && order.expirationDate
          ? `${periodWords(order.effectiveDate, order.expirationDate)}. `
          : ''}
        Order {order.orderNumber}.
      </p>
      {order.policyNumber && (
        <p className="documents-order__meta">
          <ViewPolicyLink number={order.policyNumber} policyId={policyId} />: where it stands, its changes and their
          endorsements.
        </p>
      )}
      <ul className="documents-list">
        {listed.map((entry) => {
          const facts = endorsementFacts(entry);
          return (
            <li
              key={`${entry.kind}-${entry.invoiceId ?? ''}-${entry.endorsementId ?? ''}`}
              className="documents-list__item"
              data-document-kind={entry.kind}
              data-endorsement-number={entry.endorsementNumber}
            >
              <span className="documents-list__title">{entry.title}</span>
              {facts && <span className="documents-list__facts">{facts}</span>}
              <span className="documents-list__file">{entry.filename}</span>
              <DocumentDownload
                documents={documents}
                document={{
                  submissionId: order.submissionId,
                  kind: entry.kind,
                  filename: entry.filename,
                  ...(entry.invoiceId === undefined ? {} : { invoiceId: entry.invoiceId }),
                  ...(entry.endorsementId === undefined ? {} : { endorsementId: entry.endorsementId }),
                }}
                title={entry.title}
                describes={`${entry.title}${
                  entry.endorsementNumber
                    ? ` ${entry.endorsementNumber}`
                    : entry.invoiceId === undefined
                      ? ''
                      : ` ${entry.filename}`
                }, ${name}`}
              />
            </li>
          );
        })}
      </ul>
      {invoices.length > 0 && (
        <OrderInvoices submissionId={order.submissionId} invoices={invoices} documents={documents} describes={name} />
      )}
      <ShareAction
        documents={documents}
        what="orderSummary"
        submissionId={order.submissionId}
        orderNumber={order.orderNumber}
        describes={`of order ${order.orderNumber}`}
      />
    </section>
  );
}

/** "Paid", "Void", "Due Aug 1, 2026" (or "Open" when it names no day). */
function invoiceStatusWords(invoice: OrderInvoice): string {
  if (invoice.status === 'paid') return 'Paid';
  if (invoice.status === 'void') return 'Void: nothing to pay';
  return invoice.dueDate ? `Due ${formatDay(invoice.dueDate)}` : 'Open';
}

/** Every invoice of the order, oldest first, each with its own download. */
function OrderInvoices({
  submissionId,
  invoices,
  documents,
  describes,
}: {
  submissionId: number;
  invoices: OrderInvoice[];
  documents: DocumentsHandle;
  describes: string;
}) {
  const titleId = `invoices-${submissionId}-title`;
  return (
    <section aria-labelledby={titleId} className="documents-invoices">
      <h3 id={titleId}>Invoices</h3>
      <ul className="documents-list">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="documents-list__item documents-invoice"
            data-document-kind="invoice"
            data-invoice-id={invoice.id}
            data-invoice-status={invoice.status}
          >
            <span className="documents-list__title">{invoice.description}</span>
            <span className="documents-invoice__facts">
              <span>Invoice {invoice.number}</span>
              <span className="documents-invoice__amount">{formatUsd(invoice.totalCents)}</span>
              <span className={`documents-invoice__status documents-invoice__status--${invoice.status}`}>
                {invoiceStatusWords(invoice)}
              </span>
            </span>
            <DocumentDownload
              documents={documents}
              document={{
                submissionId,
                kind: 'invoice',
                filename: invoice.filename,
                invoiceId: invoice.id,
              }}
              title={`Invoice ${invoice.number}`}
              describes={`invoice ${invoice.number}, ${invoice.description}, ${describes}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
