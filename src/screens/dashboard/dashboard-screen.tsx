import '@/styles/dashboard.css';
import '@/styles/order-status.css';
import { useMachine, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import { NextStepLink } from '@/components/dashboard/next-step-link';
import { orderPolicyStanding, priceFact, type CardFact } from '@/components/dashboard/order-policy';
import { orderStatusTone, orderStatusWords } from '@/components/dashboard/order-status';
import { formatDay } from '@/components/format/dates';
import { InstalmentsCard } from '@/components/instalments/instalments-card';
import { RenewalCard } from '@/components/renewal/renewal-card';
import { CloseOrderDialog } from '@/components/order/close-order-dialog';
import { ViewPolicyLink } from '@/components/policy-history/view-policy-link';
import { ScreenLink } from '@/components/screen-link';
import { useAuth } from '@/components/use-auth';
import { signedInUser } from '@/machines/auth.machine';
import type { closeLostMachine } from '@/machines/close-lost.machine';
import { dashboardMachine } from '@/machines/dashboard.machine';
import type { ScreenName } from '@shared/screens';

const QUICK_LINKS: { screen: ScreenName; label: string; about: string }[] = [
  { screen: 'contacts', label: 'Contacts', about: 'The people we may call or e-mail about your cover.' },
  { screen: 'locations', label: 'Locations', about: 'The addresses where you practise.' },
  {
    screen: 'additionally-insured',
    label: 'Additional insureds',
    about: 'Others your policy protects, and their certificates.',
  },
  {
    screen: 'policy-history',
    label: 'Your policies',
    about: 'Where each policy stands, its changes, and what you can do with it.',
  },
  {
    screen: 'certificates',
    label: 'Certificates of insurance',
    about: 'Proof of your cover for a landlord or a client, checked online.',
  },
  { screen: 'claims', label: 'Claims', about: 'Report a claim and follow its progress.' },
  { screen: 'feedback', label: 'Feedback', about: 'Tell us how buying your cover went.' },
];

export default function DashboardScreen() {
  const user = useSelector(useAuth(), signedInUser);
  const [state, send] = useMachine(dashboardMachine);
  const { orders, openOrder, errorMessage, closed } = state.context;
  const loading = state.matches('loading');
  const closeDialog = state.children.closeLost as ActorRefFrom<typeof closeLostMachine> | undefined;
  const canClose = state.matches({ loaded: 'idle' });
  return (
    <section data-screen="dashboard" className="screen dashboard" aria-labelledby="dashboard-title">
      <p className="eyebrow">Your dashboard</p>
      <h1 id="dashboard-title">{user?.firstname ? `Hello, ${user.firstname}` : 'Your dashboard'}</h1>
      <p className="dashboard__lead">
        Your quotes, orders and policies, each with where it stands and what comes next.
      </p>

      {loading && (
        <p role="status" className="dashboard__loading">
          Loading your orders…
        </p>
      )}

      {state.matches('loadFailed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load your orders. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'dashboard.retry' })}>
            Try again
          </button>
        </div>
      )}

      {state.matches('empty') && (
        <section className="dashboard__empty" aria-labelledby="dashboard-empty-title">
          <h2 id="dashboard-empty-title">No orders yet</h2>
          <p>Choose your speciality, answer a few questions and see your price in minutes. Your quote is saved here.</p>
          <ScreenLink screen="specialities" className="button">
            Get a quote
          </ScreenLink>
        </section>
      )}

      {state.matches('loaded') && (
        <>
          {openOrder && <ResumeCard order={openOrder} />}
          {/* Issue 20: what is due on policies paid by instalments (nothing for a yearly payer). */}
          <InstalmentsCard />
          {/* Issue 20: renewals offered ahead of expiry (nothing when none is). */}
          <RenewalCard />
          <section className="dashboard__orders" aria-labelledby="dashboard-orders-title">
            <div className="dashboard__orders-header">
              <h2 id="dashboard-orders-title">Your orders</h2>
              <ScreenLink screen="specialities" className="button button--secondary button--small">
                Get another quote
              </ScreenLink>
            </div>
            <p role="status" className="dashboard__announce">
              {closed && `Order ${closed.number} is closed.`}
            </p>
            <OrderCards
              orders={orders}
              onClose={(submissionId) => send({ type: 'order.close', submissionId })}
              closeBusy={!canClose}
            />
            {state.matches({ loaded: 'closing' }) && closeDialog && <CloseOrderDialog actor={closeDialog} />}
          </section>
        </>
      )}

      <nav className="dashboard__links" aria-labelledby="dashboard-links-title">
        <h2 id="dashboard-links-title">Your account</h2>
        <ul className="quick-links">
          {QUICK_LINKS.map((link) => (
            <li key={link.screen} className="quick-link">
              <ScreenLink screen={link.screen as 'contacts'} className="quick-link__link">
                {link.label}
              </ScreenLink>
              <p className="quick-link__about">{link.about}</p>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** The order the insured was last working on, with its next step up front. */
function ResumeCard({ order }: { order: SubmissionSummary }) {
  return (
    <section className="resume-card" aria-labelledby="resume-title" data-submission-id={order.submissionId}>
      <h2 id="resume-title">Continue where you left off</h2>
      <p className="resume-card__order">
        Order {order.number}: {order.speciality.name}
      </p>
      <p className="order-card__status">
        <span className="visually-hidden">Status: </span>
        <StatusBadge order={order} />
      </p>
      <dl className="order-facts-list">
        <Fact fact={priceFact(order)} />
      </dl>
      <p className="resume-card__next">
        <NextStepLink order={order} className="button" />
      </p>
    </section>
  );
}

/**
 * The order's status, or once its policy is issued the policy's standing today (in force, changed,
 * cancelled from a day, expired, renewed): what the insured has now, not that the sale completed.
 */
function StatusBadge({ order }: { order: SubmissionSummary }) {
  if (order.policy) {
    const standing = orderPolicyStanding(order.policy);
    return (
      <span
        className={`order-status-badge order-status-badge--${standing.tone}`}
        data-order-status={order.status}
        data-policy-status={order.policy.status}
      >
        {standing.words}
      </span>
    );
  }
  return (
    <span
      className={`order-status-badge order-status-badge--${orderStatusTone(order.status)}`}
      data-order-status={order.status}
    >
      {orderStatusWords(order.status)}
    </span>
  );
}

function Fact({ fact }: { fact: CardFact }) {
  return (
    <div>
      <dt>{fact.term}</dt>
      <dd>
        {fact.value}
        {fact.note && <span className="order-facts-list__note"> ({fact.note})</span>}
      </dd>
    </div>
  );
}

/** The orders' cards. */
function OrderCards({
  orders,
  onClose,
  closeBusy,
}: {
  orders: SubmissionSummary[];
  onClose: (submissionId: number) => void;
  closeBusy: boolean;
}) {
  return (
    <ul className="order-cards">
      {orders.map((order) => (
        <li key={order.submissionId}>
          <OrderCard
            order={order}
            onClose={order.open ? () => onClose(order.submissionId) : undefined}
            closeBusy={closeBusy}
          />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({
  order,
  onClose,
  closeBusy,
}: {
  order: SubmissionSummary;
  onClose: (() => void) | undefined;
  closeBusy: boolean;
}) {
  return (
    <article
      className="order-card"
      aria-labelledby={`order-${order.submissionId}-title`}
      data-submission-id={order.submissionId}
    >
      <h3 id={`order-${order.submissionId}-title`} className="order-card__title">
        <span className="order-card__speciality">{order.speciality.name}</span>{' '}
        <span className="order-card__number">Order {order.number}</span>
      </h3>
      <p className="order-card__status">
        <span className="visually-hidden">Status: </span>
        <StatusBadge order={order} />
      </p>
      <dl className="order-facts-list">
        <Fact fact={priceFact(order)} />
        <div>
          <dt>Starts</dt>
          <dd>{order.effectiveDate ? formatDay(order.effectiveDate) : 'Not set yet'}</dd>
        </div>
      </dl>
      <p className="order-card__next">
        <span className="order-card__next-label">Next step</span> <NextStepLink order={order} />
      </p>
      {order.policy && (
        <p className="order-card__next">
          <span className="order-card__next-label">Policy {order.policy.number}</span>
          {/* The id comes with the order (an older server's orders lack it: the list of policies then). */}
          <ViewPolicyLink number={order.policy.number} policyId={order.policy.id} />
        </p>
      )}
      {onClose && (
        <p className="order-card__close">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              if (!closeBusy) onClose();
            }}
            aria-disabled={closeBusy || undefined}
          >
            Close this order<span className="visually-hidden">, order {order.number}</span>
          </button>
        </p>
      )}
    </article>
  );
}
