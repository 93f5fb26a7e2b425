import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { addDays, addMonths } from '@shared/calendar';
import type {
  InstalmentConfirmation,
  InstalmentStatus,
  OverdueInstalment,
  PayableInstalment,
  PolicyInstalments,
} from '@shared/contract/instalments';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import { installmentSchedule } from '@server/billing/installment-schedule';
import { InstalmentsCard } from '@/components/instalments/instalments-card';
import { OverdueInstalments } from '@/components/instalments/overdue-instalments';
import { localToday } from '@/components/format/dates';
import PayInstalmentScreen from '@/screens/pay-instalment/pay-instalment-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { quotedCalculation } from './support/quote-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * A payment plan's later instalments (issue 20): the page a mailed "Pay" link opens
 * (policy/instalment?invoiceid), the dashboard's payment-plan card and the broker's overdue list.
 * Ada's Architects policy on the monthly plan, its amounts the rating engine's (25% down, nine
 * monthly payments with the $3.00 instalment fee), its dates counted from today.
 */
const TODAY = localToday();
const MONTHLY = quotedCalculation.paymentPlans.find((plan) => plan.code === 'monthly')!;
const EFFECTIVE = addMonths(TODAY, -1);
const SCHEDULE = installmentSchedule(MONTHLY, EFFECTIVE, EFFECTIVE);
const SECOND = SCHEDULE[1]!;
const INVOICE_ID = 812;
const POLICY = { id: 41, number: 'P-2026-000041' };
const URLS = {
  instalment: '*/api/weborder/insured/instalment',
  pay: '*/api/weborder/insured/payinstalment',
  confirm: '*/api/weborder/insured/confirminstalment',
  plans: '*/api/weborder/insured/instalments',
  overdue: '*/api/weborder/broker/overdueinstalments',
};

function payable(overrides: Partial<PayableInstalment> = {}): PayableInstalment {
  return {
    installmentNo: 2,
    installments: SCHEDULE.length,
    dueDate: SECOND.dueDate,
    amountCents: SECOND.amountCents,
    status: 'open',
    invoiceId: INVOICE_ID,
    invoiceNumber: 'INV-2026-000812',
    paidAt: null,
    policyId: POLICY.id,
    policyNumber: POLICY.number,
    policyStatus: 'in_force',
    submissionId: 5120,
    speciality: 'Architects',
    noticeEndDate: null,
    lastPaymentFailure: null,
    payable: true,
    ...overrides,
  };
}

const NOTICE_END = addDays(TODAY, 8);
const overdue = payable({
  dueDate: addDays(TODAY, -13),
  status: 'overdue',
  policyStatus: 'cancellation_notice',
  noticeEndDate: NOTICE_END,
});

function instalmentHandlers(instalment: PayableInstalment, confirmation?: InstalmentConfirmation) {
  return [
    ...authHandlers(),
    http.get(URLS.instalment, ({ request }) =>
      new URL(request.url).searchParams.get('invoiceid') === String(INVOICE_ID)
        ? HttpResponse.json(instalment)
        : HttpResponse.json({ status: 404, message: 'No such instalment (or it is not yours)' }, { status: 404 }),
    ),
    http.post(URLS.confirm, () => HttpResponse.json(confirmation)),
  ];
}

const route = (search: string) => `/policy/instalment?${search}`;

const meta = {
  title: 'Screens/Pay your instalment',
  component: PayInstalmentScreen,
  parameters: {
    route: route(`invoiceid=${INVOICE_ID}`),
    session: adaStored,
    msw: { handlers: instalmentHandlers(payable()) },
  } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof PayInstalmentScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function screenOf(canvasElement: HTMLElement) {
  const element = await waitFor(() => {
    const found = canvasElement.querySelector<HTMLElement>('[data-screen="pay-instalment"]');
    expect(found).not.toBeNull();
    return found!;
  });
  return within(element);
}

/** From the mailed link: instalment 2 of 10, due in two weeks, one button to the checkout. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `Pay instalment 2 of ${SCHEDULE.length}` });
    await expect(canvas.getByText(`Due ${formatCalendarDay(SECOND.dueDate)}`)).toBeVisible();
    await expect(canvas.getByRole('button', { name: `Pay ${formatUsd(SECOND.amountCents)}` })).toBeVisible();
  },
};

/** Overdue and under a notice of cancellation: the day cover ends, in plain words, above Pay. */
export const UnderNotice: Story = {
  parameters: { msw: { handlers: instalmentHandlers(overdue) } },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      `will be cancelled for non-payment from ${formatCalendarDay(NOTICE_END)} unless the overdue instalment is paid`,
    );
    await expect(canvas.getByText(`Overdue since ${formatCalendarDay(overdue.dueDate)}`)).toBeVisible();
  },
};

/** Back from the checkout, paid: the notice withdrawn, the policy in force. */
export const BackPaid: Story = {
  parameters: {
    route: route(`invoiceid=${INVOICE_ID}&sessionid=cs_sandbox_abcdefghijkl`),
    msw: {
      handlers: instalmentHandlers(overdue, {
        outcome: 'paid',
        message: null,
        instalment: {
          ...overdue,
          status: 'paid',
          payable: false,
          policyStatus: 'in_force',
          noticeEndDate: null,
          paidAt: new Date().toISOString(),
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Instalment paid' });
    await expect(canvas.getByRole('status')).toHaveTextContent(`Policy ${POLICY.number} is in force.`);
    await expect(canvas.queryByRole('button', { name: /^Pay / })).toBeNull();
  },
};

/** Back from the checkout unpaid: nothing was paid, and Pay is there again. */
export const LeftUnpaid: Story = {
  parameters: { route: route(`invoiceid=${INVOICE_ID}&cancelled=1`) },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await canvas.findByText('You left the payment page: nothing was paid.');
    await expect(canvas.getByRole('button', { name: `Pay ${formatUsd(SECOND.amountCents)}` })).toBeVisible();
  },
};

/** Paid meanwhile (another tab): the server's 409 is said, and the instalment reloads as paid. */
export const PaidMeanwhile: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        let paid = false;
        return [
          ...authHandlers(),
          http.get(URLS.instalment, () =>
            HttpResponse.json(
              paid ? payable({ status: 'paid', payable: false, paidAt: new Date().toISOString() }) : payable(),
            ),
          ),
          http.post(URLS.pay, () => {
            paid = true;
            return HttpResponse.json(
              { status: 409, message: 'Instalment 2 (invoice INV-2026-000812) is paid', fields: { status: 'is paid' } },
              { status: 409 },
            );
          }),
        ];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Pay ${formatUsd(SECOND.amountCents)}` }));
    await canvas.findByRole('heading', { level: 1, name: 'Instalment paid' });
    await expect(canvas.queryByRole('button', { name: /^Pay / })).toBeNull();
  },
};

/** A link for another account (or a mistyped one): the server's 404, and the way to the dashboard. */
export const NotFound: Story = {
  parameters: { route: route('invoiceid=999') },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'We could not find that instalment' });
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------
// The dashboard's payment-plan card and the broker's overdue list, as components

function plan(statuses: InstalmentStatus[], overrides: Partial<PolicyInstalments> = {}): PolicyInstalments {
  return {
    policyId: POLICY.id,
    policyNumber: POLICY.number,
    submissionId: 5120,
    speciality: 'Architects',
    policyStatus: 'in_force',
    paymentTerm: { code: 'monthly', name: 'Monthly' },
    noticeEndDate: null,
    cancellationDate: null,
    schedule: SCHEDULE.map((item, index) => ({
      installmentNo: item.installmentNo,
      dueDate: item.dueDate,
      amountCents: item.amountCents,
      status: statuses[index] ?? 'scheduled',
      invoiceId: statuses[index] && statuses[index] !== 'scheduled' ? INVOICE_ID + index - 1 : null,
      invoiceNumber: statuses[index] && statuses[index] !== 'scheduled' ? `INV-2026-00081${index}` : null,
      paidAt: statuses[index] === 'paid' ? new Date().toISOString() : null,
    })),
    ...overrides,
  };
}

export const CardNextInvoiced: StoryObj<typeof InstalmentsCard> = {
  render: () => <InstalmentsCard />,
  parameters: {
    msw: { handlers: [...authHandlers(), http.get(URLS.plans, () => HttpResponse.json([plan(['paid', 'open'])]))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await canvas.findByRole('region', { name: 'Your payments' });
    await expect(card).toHaveTextContent(
      `Next payment ${formatUsd(SECOND.amountCents)} due ${formatCalendarDay(SECOND.dueDate)}`,
    );
    await expect(within(card).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      expect.stringContaining(`invoiceid=${INVOICE_ID}`),
    );
    await userEvent.click(within(card).getByText(`Payment schedule: 1 of ${SCHEDULE.length} paid`));
    await expect(within(card).getByRole('row', { name: /^2 / })).toHaveTextContent(
      `Due ${formatCalendarDay(SECOND.dueDate)}`,
    );
  },
};

export const CardUnderNotice: StoryObj<typeof InstalmentsCard> = {
  render: () => <InstalmentsCard />,
  parameters: {
    msw: {
      handlers: [
        ...authHandlers(),
        http.get(URLS.plans, () =>
          HttpResponse.json([
            plan(['paid', 'overdue'], { policyStatus: 'cancellation_notice', noticeEndDate: NOTICE_END }),
          ]),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(`cancelled for non-payment from ${formatCalendarDay(NOTICE_END)}`);
    await expect(canvas.getByRole('link', { name: 'Pay now' })).toBeVisible();
  },
};

export const CardNothingInvoicedYet: StoryObj<typeof InstalmentsCard> = {
  render: () => <InstalmentsCard />,
  parameters: {
    msw: { handlers: [...authHandlers(), http.get(URLS.plans, () => HttpResponse.json([plan(['paid', 'paid'])]))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('We will send the invoice before it is due.');
    await expect(canvas.queryByRole('link', { name: 'Pay now' })).toBeNull();
  },
};

const overdueRows: OverdueInstalment[] = [
  {
    policyId: POLICY.id,
    policyNumber: POLICY.number,
    submissionId: 5120,
    insuredName: 'Ada Lovelace',
    email: 'ada@example.com',
    installmentNo: 2,
    invoiceNumber: 'INV-2026-000812',
    amountCents: SECOND.amountCents,
    dueDate: addDays(TODAY, -13),
    daysOverdue: 13,
    policyStatus: 'cancellation_notice',
    noticeEndDate: NOTICE_END,
  },
];

export const BrokerOverdue: StoryObj<typeof OverdueInstalments> = {
  render: () => <OverdueInstalments />,
  parameters: {
    msw: { handlers: [...authHandlers(), http.get(URLS.overdue, () => HttpResponse.json(overdueRows))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: /most overdue first/ });
    await expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('13 days');
    await expect(table).toHaveTextContent(`cover ends ${formatCalendarDay(NOTICE_END)} unless paid`);
  },
};
