import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SignApplication } from '@/components/application-signature/sign-application';
import { useAuth } from '@/components/use-auth';
import { isRestoring } from '@/machines/auth.machine';
import {
  applicationWorld,
  CHANGED_HASH,
  FIRST_HASH,
  SUBMISSION_ID,
  type ApplicationWorld,
} from './support/application-fixtures';
import { adaStored, authHandlers } from './support/auth-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * Review and sign the application (src/components/application-signature, src/machines/
 * application-signature.machine.ts), as the payment screen embeds it before Ada pays for order
 * 4217: every answer, the cover, the declarations, two boxes and her name typed as the signature.
 */
const unsigned = applicationWorld();

const meta = {
  title: 'Components/Sign application',
  component: SignApplication,
  args: { submissionId: SUBMISSION_ID, onSignedChange: fn() },
  parameters: {
    route: `/payment?submissionid=${SUBMISSION_ID}`,
    appShell: false,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...unsigned.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: unsigned.reset,
} satisfies Meta<typeof SignApplication>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The component, once the application has loaded. */
async function loaded(canvasElement: HTMLElement): Promise<Canvas> {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 3, name: 'Your application' });
  return canvas;
}

async function fillIn(canvas: Canvas, name = 'Ada Lovelace') {
  await userEvent.click(canvas.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }));
  await userEvent.click(
    canvas.getByRole('checkbox', { name: 'I declare the statements in this application are true' }),
  );
  const field = canvas.getByLabelText('Your full name, as your signature');
  // Whatever the field started from (the account holder's name once the session is known), this name.
  await userEvent.clear(field);
  if (name) await userEvent.type(field, name);
}

const withWorld = (world: ApplicationWorld) => ({
  parameters: { msw: { handlers: [...authHandlers(), ...world.handlers] } },
  beforeEach: world.reset,
});

export const Unsigned: Story = {
  name: 'Unsigned: the application to review',
  play: async ({ canvasElement, args }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Review and sign your application' })).toBeVisible();
    // The answers, grouped by question set, each group folding away (details, open).
    const practice = canvas.getByText('About your practice (Architects)').closest('details')!;
    await expect(practice).toHaveAttribute('open');
    await expect(within(practice).getByText('Do you design structural elements yourself?')).toBeVisible();
    await expect(within(practice).getByText('Residential, Commercial')).toBeVisible();
    const general = canvas.getByText('General application').closest('details')!;
    await expect(within(general).getByText('$850,000.00')).toBeVisible();
    await expect(canvas.getByText('Prairie Studio Architects')).toBeVisible();
    await expect(canvas.getByText('500 Congress Ave, Austin, TX 78701')).toBeVisible();
    // The cover chosen and the declarations.
    await expect(canvas.getByRole('heading', { level: 3, name: 'Cover chosen' })).toBeVisible();
    await expect(canvas.getByText('$2,721.32')).toBeVisible();
    await expect(canvas.getByText('Quarterly')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    // The two boxes, the name and the button, labelled.
    await expect(
      canvas.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }),
    ).not.toBeChecked();
    await expect(
      canvas.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }),
    ).toHaveAccessibleDescription(/paper copy/);
    await expect(
      canvas.getByRole('checkbox', { name: 'I declare the statements in this application are true' }),
    ).not.toBeChecked();
    await expect(canvas.getByLabelText('Your full name, as your signature')).toHaveAttribute('autocomplete', 'name');
    await expect(canvas.getByRole('button', { name: 'Sign application' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-signed]')).toHaveAttribute('data-signed', 'false');
    await waitFor(() => expect(args.onSignedChange).toHaveBeenCalledWith(false));
  },
};

/**
 * As the payment screen's guard does (src/routes/guards.ts): the screen shows once the stored
 * session is restored, so the signed-in insured is known when the component starts.
 */
function OnceSignedIn({ children }: { children: ReactNode }) {
  const restoring = useSelector(useAuth(), isRestoring);
  return restoring ? <p role="status">Restoring your session…</p> : children;
}

const fromAccount = applicationWorld();

export const NameFromAccount: Story = {
  name: 'Starts from the account holder’s name: signing is the boxes and the button',
  ...withWorld(fromAccount),
  render: (args) => (
    <OnceSignedIn>
      <SignApplication {...args} />
    </OnceSignedIn>
  ),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const name = canvas.getByLabelText('Your full name, as your signature');
    // Ada's name as her account has it; someone else signing for the firm can change it.
    await expect(name).toHaveValue('Ada Lovelace');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }));
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'I declare the statements in this application are true' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    await expect(await canvas.findByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(fromAccount.signings).toMatchObject([{ signerName: 'Ada Lovelace', recordHash: FIRST_HASH }]);
  },
};

export const Signed: Story = {
  name: 'Signed: by whom and when, with the fingerprint',
  play: async ({ canvasElement, args }) => {
    const canvas = await loaded(canvasElement);
    await fillIn(canvas, '  Ada Lovelace ');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    await expect(await canvas.findByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(canvas.getByText(`${FIRST_HASH.slice(0, 8)}…${FIRST_HASH.slice(-8)}`)).toBeVisible();
    await expect(
      canvas.getByText('If you change an answer or your cover, you will be asked to sign again.'),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Signed by Ada Lovelace on Jun 25, 2026.');
    await expect(canvas.queryByRole('button', { name: 'Sign application' })).toBeNull();
    await expect(unsigned.signings).toEqual([
      {
        submissionid: SUBMISSION_ID,
        signerName: 'Ada Lovelace',
        consentToElectronicRecords: true,
        agreeToDeclarations: true,
        recordHash: FIRST_HASH,
      },
    ]);
    await expect(canvasElement.querySelector('[data-signed]')).toHaveAttribute('data-signed', 'true');
    await waitFor(() => expect(args.onSignedChange).toHaveBeenLastCalledWith(true));
  },
};

const signing = applicationWorld({ pending: ['sign'] });

export const Signing: Story = {
  name: 'Signing',
  ...withWorld(signing),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fillIn(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    const button = await canvas.findByRole('button', { name: 'Signing…' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByLabelText('Your full name, as your signature')).toHaveAttribute('readonly');
    await expect(canvas.getByRole('status')).toHaveTextContent('Signing your application…');
    // A second press while signing sends nothing more.
    await userEvent.click(button);
    await expect(signing.signings).toHaveLength(1);
  },
};

const alreadySigned = applicationWorld({ start: 'signed' });

export const AlreadySigned: Story = {
  name: 'Signed earlier: shown as signed at once',
  ...withWorld(alreadySigned),
  play: async ({ canvasElement, args }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await waitFor(() => expect(args.onSignedChange).toHaveBeenLastCalledWith(true));
    // While it loads it says "not signed" first: a signature known before a reload never lets the parent pay early.
    await expect(args.onSignedChange).toHaveBeenNthCalledWith(1, false);
    await expect(args.onSignedChange).toHaveBeenCalledTimes(2);
  },
};

const stale = applicationWorld({ start: 'stale' });

export const Stale: Story = {
  name: 'Stale: changed after signing, sign again',
  ...withWorld(stale),
  play: async ({ canvasElement, args }) => {
    const canvas = await loaded(canvasElement);
    await expect(
      canvas.getByText(/You signed this application on Jun 25, 2026, but an answer or your cover has changed since/),
    ).toBeVisible();
    // The application as it is now: the changed answer shows.
    const practice = canvas.getByText('About your practice (Architects)').closest('details')!;
    await expect(
      within(within(practice).getByText('Do you design structural elements yourself?').closest('div')!).getByText(
        'Yes',
      ),
    ).toBeVisible();
    await waitFor(() => expect(args.onSignedChange).toHaveBeenCalledWith(false));
    await fillIn(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    await expect(await canvas.findByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(stale.signings.map((body) => body.recordHash)).toEqual([CHANGED_HASH]);
    await waitFor(() => expect(args.onSignedChange).toHaveBeenLastCalledWith(true));
  },
};

export const RefusedNameMissing: Story = {
  name: 'Refused: no name typed',
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fillIn(canvas, '');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    const name = canvas.getByLabelText('Your full name, as your signature');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // The hint says who signs; the message follows it.
    await expect(name).toHaveAccessibleDescription(
      'Sign in your own name, as a person entitled to act for the insured. Type your full name to sign',
    );
    await waitFor(() => expect(name).toHaveFocus());
    await expect(unsigned.signings).toHaveLength(0);
    // Nothing ticked either: each box is named, and the first takes focus.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    const consent = canvas.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' });
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(consent).toHaveAccessibleDescription(/Tick this box to agree to electronic records and signatures$/);
    await waitFor(() => expect(consent).toHaveFocus());
    // Typing a name clears its message.
    await userEvent.type(name, 'Ada Lovelace');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(unsigned.signings).toHaveLength(0);
  },
};

const changedMeanwhile = applicationWorld({ changeBeforeSigning: true });

export const ChangedWhileReviewing: Story = {
  name: 'Changed while reviewing: read again, said, signed',
  ...withWorld(changedMeanwhile),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fillIn(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Your application changed since you opened it. Review it again below, then sign.',
    );
    // Her name and ticks are kept; the new record is the one signed.
    await expect(canvas.getByLabelText('Your full name, as your signature')).toHaveValue('Ada Lovelace');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign application' }));
    await expect(await canvas.findByText('Signed by Ada Lovelace on Jun 25, 2026')).toBeVisible();
    await expect(changedMeanwhile.signings.map((body) => body.recordHash)).toEqual([FIRST_HASH, CHANGED_HASH]);
  },
};

const failing = applicationWorld({ failFirstLoad: { status: 503, message: 'The service is unavailable.' } });

export const FailedToLoad: Story = {
  name: 'Failed to load: the reason, then Try again',
  ...withWorld(failing),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your application.');
    await expect(alert).toHaveTextContent('The service is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { level: 3, name: 'Your application' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
