import { submissionStatuses } from '@shared/contract/enums';
import '@/styles/broker-book.css';
import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { Book } from '@shared/contract/broker-book';
import { formatUsd } from '@shared/contract/money-format';
import { type SubmissionStatus } from '@shared/contract/submissions';
import { periodWords } from '@/components/billing/money-words';
import { useBookStatus } from '@/components/broker-book/book-status';
import { CopyLink } from '@/components/broker-book/copy-link';
import { orderStatusWords } from '@/components/dashboard/order-status';
import { OverdueInstalments } from '@/components/instalments/overdue-instalments';
import { brokerBookMachine } from '@/machines/broker-book.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';

/**
 * broker?status: the broker's own book (issue 9). The orders and policies quoted through the
 * broker's storefront, narrowed by status, and the storefront's links to share.
 */
export default function BrokerBookScreen() {
  const navigate = useScreenNavigate();
  const status = useBookStatus();
  const [state, send] = useMachine(
    brokerBookMachine.provide({
      actions: {
        // The status lives in the address, so a reload, a bookmark and Back all keep it.
        showStatus: (_, chosen: SubmissionStatus | undefined) =>
          void navigate({ screen: 'broker', search: chosen ? { status: chosen } : {} }),
      },
    }),
    { input: { status } },
  );
  // Back and Forward change the address without a choice here: the book follows it.
  useEffect(() => {
    send({ type: 'book.sync', status });
  }, [send, status]);
  const statusId = useId();
  const { book, errorMessage } = state.context;
  const chosen = state.context.status;

  let said = '';
  if (state.matches('loading')) said = 'Loading your book…';
  else if (state.matches('loaded') && book)
    said = `${book.total} ${book.total === 1 ? 'order' : 'orders'}${chosen ? ` ${orderStatusWords(chosen).toLowerCase()}` : ''}.`;
  else if (state.matches('empty')) said = chosen ? 'No orders with this status.' : 'No orders yet.';

  return (
    <section data-screen="broker" className="screen broker-book" aria-labelledby="broker-title">
      <p className="eyebrow">{book ? book.broker.name : 'Your brokerage'}</p>
      <h1 id="broker-title">Your book</h1>
      <p className="broker-book__lead">
        The orders and policies that came through your storefront, most recently changed first.
      </p>

      {state.matches('notTied') ? (
        <div className="notice" role="status">
          <p>Your account is not tied to a brokerage yet: ask an administrator to name yours.</p>
        </div>
      ) : (
        <>
          {book && <Storefront storefront={book.storefront} />}
          {/* Issue 20: insureds with an instalment past due, before the book's orders. */}
          <OverdueInstalments />

          <form
            className="broker-book__filters"
            aria-label="Filter your book"
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="field">
              <label htmlFor={statusId}>Status</label>
              <select
                id={statusId}
                value={chosen ?? ''}
                onChange={(event) =>
                  send({
                    type: 'book.filter',
                    status: (event.target.value || undefined) as SubmissionStatus | undefined,
                  })
                }
              >
                <option value="">Any status</option>
                {submissionStatuses.map((code) => (
                  <option key={code} value={code}>
                    {orderStatusWords(code)}
                  </option>
                ))}
              </select>
            </div>
          </form>

          {/* One live region, always mounted, so every change of what the list shows is announced. */}
          <p role="status" className="broker-book__status">
            {said}
          </p>

          {state.matches('loadFailed') && (
            <div className="notice notice--error" role="alert">
              <p>We could not load your book. {errorMessage}</p>
              <button type="button" className="button" onClick={() => send({ type: 'book.retry' })}>
                Try again
              </button>
            </div>
          )}
          {state.matches('empty') && (
            <p>
              {chosen
                ? 'No order of yours has this status.'
                : 'No order has come through your storefront yet: share its links above.'}
            </p>
          )}
          {state.matches('loaded') && book && <Orders orders={book.orders} />}
        </>
      )}
    </section>
  );
}

function Storefront({ storefront }: { storefront: Book['storefront'] }) {
  return (
    <section className="order-section broker-book__storefront" aria-labelledby="storefront-title">
      <h2 id="storefront-title">Share your storefront</h2>
      <CopyLink label="Your storefront" url={storefront.url} />
      {storefront.allSpecialitiesUrl && <CopyLink label="All your specialities" url={storefront.allSpecialitiesUrl} />}
      {storefront.specialities.map((speciality) => (
        <CopyLink key={speciality.code} label={`${speciality.name} quote`} url={speciality.url} />
      ))}
    </section>
  );
}

function Orders({ orders }: { orders: Book['orders'] }) {
  return (
    <div className="broker-book__table-wrap" tabIndex={0} role="region" aria-labelledby="book-caption">
      <table className="broker-book__table">
        <caption id="book-caption">Your orders</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Insured</th>
            <th scope="col">Speciality</th>
            <th scope="col">State</th>
            <th scope="col">Price for the year</th>
            <th scope="col">Status</th>
            <th scope="col">Next</th>
            <th scope="col">Policy</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.submissionId}>
              <th scope="row">{order.number}</th>
              <td>
                {order.insuredName}
                {order.companyName && <span className="broker-book__company">{order.companyName}</span>}
              </td>
              <td>{order.speciality.name}</td>
              <td>{order.stateCode ?? '—'}</td>
              <td>{order.totalCents === null ? '—' : formatUsd(order.totalCents)}</td>
              <td>{orderStatusWords(order.status)}</td>
              <td>{order.nextStep}</td>
              <td>
                {order.policy
                  ? `${order.policy.number} (${periodWords(order.policy.effectiveDate, order.policy.expirationDate)})`
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
