import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { formatUsd } from '@shared/contract/money-format';
import type { RenewalSummary } from '@shared/contract/renewal';
import DashboardScreen from '@/screens/dashboard/dashboard-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { dashboardHandlers } from './support/dashboard-fixtures';
import { renewalOf, renewingPolicy, thisYear } from './support/renewal-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { onAPhone } from './support/viewports';

/**
 * The dashboard's renewal card (src/components/renewal/renewal-card.tsx, renewalOffersMachine):
 * Ada's Architects policy has its renewal offered (priced by the engine on the new table, as the
 * renewal screen's stories), waiting for payment, with an underwriter, or the card failing to load.
 */
const offer = renewalOf('offered').offer!;

const summaryOf = (status: RenewalSummary['status']): RenewalSummary => ({
  policyId: renewingPolicy.id,
  policyNumber: renewingPolicy.number,
  renewalNumber: offer.renewalNumber,
  status,
  effectiveDate: offer.effectiveDate,
  expirationDate: offer.expirationDate,
  totalCents: thisYear.totalCents,
});

const withRenewals = (answer: () => Response) => ({
  parameters: {
    msw: { handlers: [http.get('*/api/weborder/insured/renewals', answer), ...authHandlers(), ...dashboardHandlers()] },
  },
});

const meta = {
  title: 'Screens/Dashboard/Renewal card',
  component: DashboardScreen,
  parameters: {
    route: '/dashboard',
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...dashboardHandlers()] },
  } satisfies RouterParameters & { msw: unknown },
} satisfies Meta<typeof DashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function cardOf(canvasElement: HTMLElement) {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="dashboard"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(await within(screen).findByRole('region', { name: 'Your renewals' }));
}

export const Offered: Story = {
  name: 'Offered: the new period and price, See your renewal',
  ...withRenewals(() => HttpResponse.json([summaryOf('offered')])),
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement);
    await expect(
      card.getByText(new RegExp(`Renew it for ${formatUsd(thisYear.totalCents).replace('$', '\\$')} a year`)),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: 'See your renewal' })).toHaveAttribute(
      'href',
      `/policy/renewal?policyid=${renewingPolicy.id}`,
    );
  },
};

export const OfferedOnAPhone: Story = {
  name: 'Offered, on a phone',
  globals: onAPhone.globals,
  parameters: {
    ...onAPhone.parameters,
    ...withRenewals(() => HttpResponse.json([summaryOf('offered')])).parameters,
  },
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement);
    await expect(card.getByRole('link', { name: 'See your renewal' })).toBeVisible();
  },
};

export const AwaitingPayment: Story = {
  name: 'Accepted, not yet paid: Pay your renewal',
  ...withRenewals(() => HttpResponse.json([summaryOf('awaiting_payment')])),
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement);
    await expect(card.getByRole('link', { name: 'Pay your renewal' })).toBeVisible();
  },
};

export const WithUnderwriter: Story = {
  name: 'With an underwriter: nothing to do',
  ...withRenewals(() => HttpResponse.json([summaryOf('with_underwriter')])),
  play: async ({ canvasElement }) => {
    const card = await cardOf(canvasElement);
    await expect(card.getByText(/Your renewal is with an underwriter/)).toBeVisible();
    await expect(card.queryByRole('link')).toBeNull();
  },
};

export const Failed: Story = {
  name: 'The renewals could not be loaded: Try again',
  ...withRenewals(() => HttpResponse.json({ status: 503, message: 'The service is unavailable.' }, { status: 503 })),
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(await screen.findByText(/We could not load your renewals/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
