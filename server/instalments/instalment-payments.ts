/**
 * Paying one instalment from its mailed link (issue 20), and what the insured and the broker read
 * of the plan. GET insured/instalment answers the instalment the link names (the caller's own:
 * anyone else's is a 404); POST insured/payinstalment opens the hosted checkout for exactly it
 * through the order's own startCheckout (server/payments/checkout.ts: one per Idempotency-Key,
 * one payable session per invoice);
 * POST insured/confirminstalment is the browser back from the provider, settled through the same
 * settlement as the webhook (server/payments/settle.ts, which pays it: instalment-settle.ts).
 */
import type * as v from 'valibot';
import { businessToday, daysBetween } from '@shared/calendar';
import type { Checkout } from '@shared/contract/billing';
import type {
  confirmInstalmentRequestSchema,
  InstalmentConfirmation,
  OverdueInstalment,
  PayableInstalment,
  payInstalmentRequestSchema,
  PolicyInstalments,
} from '@shared/contract/instalments';
import { planOf, ratingOf } from '@server/billing/invoices';
import type { AuthUser } from '@server/auth/user';
import { brokerOfUser } from '@server/broker/book-queries';
import type { Clock } from '@server/clock';
import type { Database, Transaction } from '@server/db/connection';
import { conflict, notFound } from '@server/http/http-error';
import {
  instalmentInvoicesOf,
  overdueOfBroker,
  policiesWithPlans,
  usersInstalment,
} from '@server/instalments/instalment-queries';
import { instalmentStatus } from '@server/instalments/instalment-rules';
import { confirmCheckout, screenUrl, startCheckout, type Bill, type CheckoutDeps } from '@server/payments/checkout';
import { paymentOfOrderSession } from '@server/payments/payment-queries';

type PayInput = v.InferOutput<typeof payInstalmentRequestSchema>;
type ConfirmInput = v.InferOutput<typeof confirmInstalmentRequestSchema>;

const noSuchInstalment = () => notFound('No such instalment (or it is not yours)');

type InstalmentRow = NonNullable<Awaited<ReturnType<typeof usersInstalment>>>;

function payableView(row: InstalmentRow, today: string): PayableInstalment {
  const { invoice } = row;
  const cancelled =
    row.policyStatus === 'cancelled' || row.policyStatus === 'expired' || row.policyStatus === 'renewed';
  const status = instalmentStatus(invoice, invoice.dueDate!, today, cancelled && invoice.status !== 'paid');
  return {
    installmentNo: invoice.installmentNo,
    installments: invoice.schedule.length,
    dueDate: invoice.dueDate!,
    amountCents: invoice.totalCents,
    status,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    policyStatus: row.policyStatus,
    submissionId: row.submissionId,
    speciality: row.speciality,
    noticeEndDate: row.policyStatus === 'cancellation_notice' ? row.noticeEndDate : null,
    lastPaymentFailure: invoice.status === 'paid' ? null : invoice.lastFailure,
    payable: status === 'open' || status === 'overdue',
  };
}

async function ownInstalment(db: Database | Transaction, user: AuthUser, invoiceId: number) {
  const row = await usersInstalment(db, user.id, invoiceId);
  // The first instalment is paid with the order (payment screen); only later ones come here.
  if (!row || row.invoice.installmentNo < 2) throw noSuchInstalment();
  return row;
}

/** GET insured/instalment. */
export async function instalment(deps: { db: Database; clock: Clock }, user: AuthUser, invoiceId: number) {
  return payableView(await ownInstalment(deps.db, user, invoiceId), businessToday(deps.clock.now()));
}

/**
 * The instalment as startCheckout bills it: inside the order's lock, only while it is open or
 * overdue (a 409 saying it is paid or void otherwise); its Idempotency-Keys name this one invoice.
 */
const instalmentBill = (deps: CheckoutDeps, user: AuthUser, invoiceId: number): Bill => ({
  invoice: async (tx) => {
    const row = await ownInstalment(tx, user, invoiceId);
    const view = payableView(row, businessToday(deps.clock.now()));
    if (!view.payable) {
      const words =
        view.status === 'paid' ? 'is paid' : view.status === 'void' ? 'is void: the policy is cancelled' : 'is not due';
      throw conflict(`Instalment ${view.installmentNo} (invoice ${view.invoiceNumber}) ${words}`, { status: words });
    }
    return row.invoice;
  },
  what: (_order, invoice) => `instalment ${invoice.installmentNo} of ${invoice.schedule.length}`,
  back: (appBase, clientId) => {
    const page = `${screenUrl(appBase, 'policy/instalment', clientId)}?invoiceid=${invoiceId}`;
    return { paid: page, unpaid: `${page}&cancelled=1` };
  },
  key: { space: 'instalment:', invoiceId },
});

/** POST insured/payinstalment: the same checkout as the order's, for this instalment's invoice. */
export async function payInstalment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: PayInput,
  idempotencyKey: string | undefined,
  appBase: string,
): Promise<Checkout> {
  const { submissionId } = await ownInstalment(deps.db, user, input.invoiceid);
  return startCheckout(
    deps,
    user,
    { submissionid: submissionId, clientid: input.clientid },
    idempotencyKey,
    appBase,
    instalmentBill(deps, user, input.invoiceid),
  );
}

/** POST insured/confirminstalment. */
export async function confirmInstalment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: ConfirmInput,
): Promise<InstalmentConfirmation> {
  const row = await ownInstalment(deps.db, user, input.invoiceid);
  const payment = await paymentOfOrderSession(deps.db, row.submissionId, input.sessionid, deps.provider.name);
  if (!payment || payment.invoiceId !== row.invoice.id) throw notFound('This instalment has no such checkout');
  const { outcome, message } = await confirmCheckout(deps, payment, input.sessionid, {
    notApplied: 'This payment could not be applied: we will refund it.',
    refused: 'Your payment could not be applied to this instalment. We will refund it.',
    expired: 'This checkout expired before it was paid. Pay again.',
  });
  return {
    outcome,
    message,
    instalment: payableView(await ownInstalment(deps.db, user, input.invoiceid), businessToday(deps.clock.now())),
  };
}

/** GET insured/instalments: each of the insured's policies paid by instalments, with its schedule as it stands. */
export async function policyInstalments(
  deps: { db: Database; clock: Clock },
  user: AuthUser,
): Promise<PolicyInstalments[]> {
  const today = businessToday(deps.clock.now());
  const plans = await policiesWithPlans(deps.db, user.id);
  return Promise.all(
    plans.map(async (plan) => {
      const invoices = new Map(
        (await instalmentInvoicesOf(deps.db, plan.submissionId)).map((invoice) => [invoice.installmentNo, invoice]),
      );
      // A renewed term ended on its end date as an expired one did: what it left unpaid is void alike.
      const ended =
        plan.policyStatus === 'cancelled' || plan.policyStatus === 'expired' || plan.policyStatus === 'renewed';
      const term = planOf(ratingOf({ worksheet: plan.worksheet, number: plan.orderNumber }), plan.paymentTerm);
      return {
        policyId: plan.policyId,
        policyNumber: plan.policyNumber,
        submissionId: plan.submissionId,
        speciality: plan.speciality,
        policyStatus: plan.policyStatus,
        paymentTerm: { code: term.code, name: term.name },
        noticeEndDate: plan.policyStatus === 'cancellation_notice' ? plan.noticeEndDate : null,
        cancellationDate: plan.policyStatus === 'cancelled' ? plan.cancellationDate : null,
        schedule: plan.schedule.map((item) => {
          const invoice = invoices.get(item.installmentNo);
          return {
            installmentNo: item.installmentNo,
            dueDate: invoice?.dueDate ?? item.dueDate,
            amountCents: item.amountCents,
            status: instalmentStatus(invoice, item.dueDate, today, ended && invoice?.status !== 'paid'),
            invoiceId: invoice?.id ?? null,
            invoiceNumber: invoice?.number ?? null,
            paidAt: invoice?.paidAt?.toISOString() ?? null,
          };
        }),
      };
    }),
  );
}

/** GET broker/overdueinstalments: the broker's policies with an instalment past due. */
export async function overdueInstalments(
  deps: { db: Database; clock: Clock },
  user: AuthUser,
): Promise<OverdueInstalment[]> {
  const broker = await brokerOfUser(deps.db, user.id);
  if (!broker)
    throw conflict('Your account is not tied to a broker: ask an administrator to name yours', {
      brokerId: 'is not set for your account',
    });
  const today = businessToday(deps.clock.now());
  const rows = await overdueOfBroker(deps.db, broker.id, today);
  return rows.map((row) => ({
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    submissionId: row.submissionId,
    insuredName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.companyName || row.email,
    email: row.email,
    installmentNo: row.installmentNo,
    invoiceNumber: row.invoiceNumber,
    amountCents: row.amountCents,
    dueDate: row.dueDate!,
    daysOverdue: daysBetween(row.dueDate!, today),
    policyStatus: row.policyStatus,
    noticeEndDate: row.policyStatus === 'cancellation_notice' ? row.noticeEndDate : null,
  }));
}
