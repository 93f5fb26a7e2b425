import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ClaimsScreen from '@/screens/claims/claims-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import {
  architectsPolicy,
  claimsServer,
  closedClaim,
  LAPSED_MESSAGE,
  lapsedPolicy,
  reportedClaim,
} from './support/claims-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The claims screen (src/screens/claims, recordListMachine): the claims Ada has reported, and
 * "Report a claim" against her bound policy. Claims are not edited or withdrawn here.
 */
const server = claimsServer();

const meta = {
  title: 'Screens/Claims',
  component: ClaimsScreen,
  parameters: {
    route: '/claims',
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...server.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
  },
} satisfies Meta<typeof ClaimsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The screen, once the route has rendered it. */
async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="claims"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

async function claimItems(canvas: Canvas) {
  const region = await canvas.findByRole('region', { name: 'Your claims' });
  return waitFor(() => {
    const items = within(region).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    return items;
  });
}

const fact = (item: HTMLElement, term: string) => within(item).getByText(term, { selector: 'dt' }).nextElementSibling;

async function openReport(canvas: Canvas) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Report a claim' }));
  return within(await canvas.findByRole('dialog', { name: 'Report a claim' }));
}

export const Loaded: Story = {
  name: 'Loaded: the claims reported so far',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    const [first, second] = (await claimItems(canvas)) as [HTMLElement, HTMLElement];
    await expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent(`Claim ${reportedClaim.number}`);
    await expect(fact(first, 'Status')).toHaveTextContent('Under review');
    await expect(fact(first, 'Policy')).toHaveTextContent(`${architectsPolicy.number} (Architects)`);
    await expect(fact(first, 'Claim made on')).toHaveTextContent('Feb 14, 2026');
    await expect(fact(first, 'Reported')).toHaveTextContent('Feb 16, 2026');
    // Each claim says what happens next and opens on its own page.
    await expect(within(first).getByText(/Your handler is reviewing the claim/)).toBeVisible();
    await expect(within(first).getByRole('link', { name: `Open claim ${reportedClaim.number}` })).toHaveAttribute(
      'href',
      `/claim/${reportedClaim.id}`,
    );
    await expect(fact(second, 'Status')).toHaveTextContent('Closed');
    await expect(within(second).getByRole('heading', { level: 3 })).toHaveTextContent(`Claim ${closedClaim.number}`);
    await expect(within(second).getByText(/This claim is closed: nothing more is needed from you/)).toBeVisible();
    await expect(within(second).getByRole('link', { name: `View claim ${closedClaim.number}` })).toBeVisible();
    // Reported claims belong to the claims team: no edit or delete.
    await expect(canvas.queryByRole('button', { name: /Edit|Delete|Remove|Withdraw/ })).toBeNull();
    await expect(await canvas.findByRole('button', { name: 'Report a claim' })).toBeVisible();
  },
};

const noClaims = claimsServer({ initial: [] });

export const Empty: Story = {
  name: 'Empty: none reported, a policy to report against',
  parameters: { msw: { handlers: [...authHandlers(), ...noClaims.handlers] } },
  beforeEach: noClaims.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('You have not reported any claims.')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Report a claim' })).toBeVisible();
  },
};

const noPolicy = claimsServer({ initial: [], policies: [] });

export const NoPolicy: Story = {
  name: 'No policy: why a claim cannot be reported yet',
  parameters: { msw: { handlers: [...authHandlers(), ...noPolicy.handlers] } },
  beforeEach: noPolicy.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('Claims are reported against a bound policy.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See your orders on the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(canvas.queryByRole('button', { name: 'Report a claim' })).toBeNull();
  },
};

const pending = claimsServer({ pendingClaims: true });

export const Loading: Story = {
  parameters: { msw: { handlers: [...authHandlers(), ...pending.handlers] } },
  beforeEach: pending.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('Loading your claims…')).toBeVisible();
  },
};

const failingOnce = claimsServer({ failClaimsOnce: true });

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  parameters: { msw: { handlers: [...authHandlers(), ...failingOnce.handlers] } },
  beforeEach: failingOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your claims. 500: The claims service is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await claimItems(canvas)).toHaveLength(2);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const policiesOnce = claimsServer({ failPoliciesOnce: true });

export const PoliciesFailed: Story = {
  name: 'Policies could not be checked, then Try again',
  parameters: { msw: { handlers: [...authHandlers(), ...policiesOnce.handlers] } },
  beforeEach: policiesOnce.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not check which policies you hold');
    // The claims themselves still show.
    await expect(await claimItems(canvas)).toHaveLength(2);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('button', { name: 'Report a claim' })).toBeVisible();
  },
};

export const ReportDialog: Story = {
  name: 'Report dialog open',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openReport(canvas);
    // One policy: it is chosen already, and the first field has focus.
    const policy = dialog.getByLabelText('Policy');
    await expect(policy).toHaveValue(String(architectsPolicy.id));
    await expect(policy).toHaveFocus();
    // Short enough for a phone; the period under it.
    await expect(within(policy).getByRole('option', { selected: true })).toHaveTextContent(
      `${architectsPolicy.number} · Architects`,
    );
    await expect(policy).toHaveAccessibleDescription('In force from Sep 1, 2025 to Sep 1, 2026.');
    await expect(dialog.getByLabelText('What are you reporting?')).toHaveValue('claim');
    await expect(dialog.getByLabelText('Date the claim was made')).toHaveAttribute('type', 'date');
    await expect(dialog.getByLabelText('Date the claim was made')).toHaveAccessibleDescription(
      /first reached you: from Sep 1, 2025 to today/,
    );
    await expect(dialog.getByText(/Don’t admit liability or agree to a settlement or payment/)).toBeVisible();
    await expect(dialog.getByText(/We acknowledge every report within one business day/)).toBeVisible();
    // A notice of circumstance asks when it came to light.
    await userEvent.selectOptions(dialog.getByLabelText('What are you reporting?'), 'circumstance');
    await expect(dialog.getByLabelText('Date you learned of it')).toHaveAttribute('type', 'date');
    await userEvent.selectOptions(dialog.getByLabelText('What are you reporting?'), 'claim');
    await expect(dialog.getByLabelText('What happened')).toBeVisible();
    // Documents go on the claim's own page once it is reported: no promise of a later release.
    await expect(
      dialog.getByText(/once the claim is reported, attach the demand, letters and court papers on its page/),
    ).toBeVisible();
    await expect(dialog.queryByText(/later release/)).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Report claim' })).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openReport(canvas);
    await userEvent.type(dialog.getByLabelText('What happened'), 'Too short');
    await userEvent.click(dialog.getByRole('button', { name: 'Report claim' }));
    const date = dialog.getByLabelText('Date the claim was made');
    await expect(date).toHaveAccessibleDescription(/The date is required$/);
    await expect(date).toHaveFocus();
    await expect(dialog.getByLabelText('What happened')).toHaveAccessibleDescription(
      /The description must say what happened in at least 10 characters$/,
    );
    await userEvent.type(date, '2025-08-01');
    await expect(date).toHaveAccessibleDescription(/The date must be on or after the policy started \(Sep 1, 2025\)$/);
    // The act cannot come after the claim was made; a demand must be dollars.
    await userEvent.type(dialog.getByLabelText('Date of the act or error (optional)'), '2025-09-02');
    await userEvent.type(dialog.getByLabelText('Amount demanded (optional)'), 'lots');
    await userEvent.click(dialog.getByRole('button', { name: 'Report claim' }));
    await expect(dialog.getByLabelText('Date of the act or error (optional)')).toHaveAccessibleDescription(
      /The date of the act or error cannot come after the claim was made$/,
    );
    await expect(dialog.getByLabelText('Amount demanded (optional)')).toHaveAccessibleDescription(
      /The amount demanded must be an amount in dollars, such as 25,000$/,
    );
    await expect(server.reports).toHaveLength(0);
  },
};

const twoPolicies = claimsServer({ policies: [architectsPolicy, lapsedPolicy] });

export const ServerRefusal: Story = {
  name: 'Server refusal: a 409 in words, in the dialog',
  parameters: { msw: { handlers: [...authHandlers(), ...twoPolicies.handlers] } },
  beforeEach: twoPolicies.reset,
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openReport(canvas);
    // Two policies: nothing is chosen for the insured.
    const policy = dialog.getByLabelText('Policy');
    await expect(policy).toHaveValue('');
    await userEvent.selectOptions(policy, String(lapsedPolicy.id));
    await userEvent.type(dialog.getByLabelText('Date the claim was made'), '2025-03-10');
    await userEvent.type(dialog.getByLabelText('What happened'), 'A client disputes our fee for the library annex.');
    await userEvent.click(dialog.getByRole('button', { name: 'Report claim' }));
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not report your claim');
    await expect(alert).toHaveTextContent(LAPSED_MESSAGE);
    // The status the server names is already in its sentence: no second, technical line.
    await expect(within(alert).queryByRole('list')).toBeNull();
    await waitFor(() => expect(alert).toHaveFocus());
    await expect(canvas.getByRole('dialog', { name: 'Report a claim' })).toBeVisible();
  },
};

export const Reported: Story = {
  name: 'Reported: announced, listed first, focus back on the button',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openReport(canvas);
    await userEvent.type(dialog.getByLabelText('Date the claim was made'), '2026-03-02');
    await userEvent.type(
      dialog.getByLabelText('What happened'),
      'A roof drain we specified failed and flooded the tenant’s unit.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Report claim' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    const said = await canvas.findByText(/^Claim C-2026-000043 reported\. Your claims handler will be in touch\./);
    await expect(said).toHaveAttribute('role', 'status');
    await expect(within(said).getByRole('link', { name: 'Open it to attach documents' })).toHaveAttribute(
      'href',
      '/claim/43',
    );
    const [first] = await claimItems(canvas);
    await expect(within(first!).getByRole('heading', { level: 3 })).toHaveTextContent('Claim C-2026-000043');
    await expect(fact(first!, 'Status')).toHaveTextContent('Reported');
    await expect(canvas.getByRole('button', { name: 'Report a claim' })).toHaveFocus();
    await expect(server.reports).toHaveLength(1);
    await expect(server.reports[0]!.body).toEqual({
      policyid: architectsPolicy.id,
      kind: 'claim',
      dateofloss: '2026-03-02',
      actdate: null,
      claimant: null,
      lawsuitfiled: false,
      amountdemandedcents: null,
      description: 'A roof drain we specified failed and flooded the tenant’s unit.',
    });
    await expect(server.reports[0]!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  },
};

export const ReportedWithFacts: Story = {
  name: 'Reported with every claims-made fact: the act, the claimant, a lawsuit, the demand',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const dialog = await openReport(canvas);
    await userEvent.type(dialog.getByLabelText('Date the claim was made'), '2026-03-02');
    await userEvent.type(dialog.getByLabelText('Date of the act or error (optional)'), '2025-10-06');
    await userEvent.type(dialog.getByLabelText('Who is claiming (optional)'), 'Gulf Freight Storage LLC');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'A lawsuit has been filed' }));
    await userEvent.type(dialog.getByLabelText('Amount demanded (optional)'), '$48,500');
    await userEvent.type(dialog.getByLabelText('What happened'), 'The owner says our mezzanine loads were wrong.');
    await userEvent.click(dialog.getByRole('button', { name: 'Report claim' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(server.reports[0]!.body).toEqual({
      policyid: architectsPolicy.id,
      kind: 'claim',
      dateofloss: '2026-03-02',
      actdate: '2025-10-06',
      claimant: 'Gulf Freight Storage LLC',
      lawsuitfiled: true,
      amountdemandedcents: 4_850_000,
      description: 'The owner says our mezzanine loads were wrong.',
    });
  },
};

export const KeyboardCancel: Story = {
  name: 'Keyboard: Escape closes the dialog, focus returns',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Report a claim' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('dialog', { name: 'Report a claim' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(button).toHaveFocus();
  },
};
