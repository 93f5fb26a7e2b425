import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { CertificateVerification } from '@shared/contract/certificates';
import VerifyCertificateScreen from '@/screens/verify-certificate/verify-certificate-screen';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import { inForceCheck, landlordCertificate, verifyServer } from './support/certificates-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The public check of a certificate (src/screens/verify-certificate, verifyCertificateMachine):
 * what a landlord or a client sees when they scan a certificate's QR code, signed out. The
 * landlord's certificate HT7K-Q2MW-RZ4P is on Ada's Architects policy.
 */
const CODE = landlordCertificate.code;
const server = verifyServer();

const meta = {
  title: 'Screens/Verify certificate',
  component: VerifyCertificateScreen,
  parameters: {
    route: `/verify-certificate/${CODE}`,
    msw: { handlers: server.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
  },
} satisfies Meta<typeof VerifyCertificateScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story whose check answers otherwise (its `reset` runs before the story). */
function answering(other: ReturnType<typeof verifyServer>, route?: string): Pick<Story, 'parameters' | 'beforeEach'> {
  return {
    parameters: { ...(route ? { route } : {}), msw: { handlers: other.handlers } },
    beforeEach: () => {
      other.reset();
    },
  };
}

/** The check answering this for the landlord's code. */
const checkOf = (verification: Partial<CertificateVerification>) =>
  verifyServer({ answers: { [CODE]: { ...inForceCheck, ...verification } } });

async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="verify-certificate"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

/** The value shown for a fact ("Policy period"). */
const fact = (canvas: Canvas, term: string) => canvas.getByText(term, { selector: 'dt' }).nextElementSibling;

async function standing(canvas: Canvas) {
  const label = await canvas.findByText('Policy status');
  return label.nextElementSibling as HTMLElement;
}

export const InForce: Story = {
  name: 'In force: the status, period, limits and holder, and nothing else',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent(/^In force$/);
    await expect(canvas.getByText(/^as of/)).toHaveTextContent('as of Nov 26, 2026');
    await expect(fact(canvas, 'Certificate holder')).toHaveTextContent(landlordCertificate.holder.name);
    await expect(fact(canvas, 'Policy period')).toHaveTextContent('Jul 1, 2026 to Jul 1, 2027');
    await expect(fact(canvas, 'Limits')).toHaveTextContent('$1,000,000 per claim, $2,000,000 aggregate');
    await expect(fact(canvas, 'Verification code')).toHaveTextContent('HT7K-Q2MW-RZ4P');
    await expect(canvas.getAllByRole('term').map((term: HTMLElement) => term.textContent)).toEqual([
      'Certificate holder',
      'Policy period',
      'Limits',
      'Verification code',
    ]);
    await expect(canvas.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    // Nothing of the premium, the insured or the policy's number.
    await expect(canvas.queryByText(/premium|P-2026|Ada|Lovelace/i)).toBeNull();
    await expect(server.checked).toEqual([CODE]);
  },
};

const typedCode = verifyServer();

export const TypedCode: Story = {
  name: 'A code in lower case with hyphens: read as printed',
  ...answering(typedCode, '/verify-certificate/ht7k-q2mw-rz4p'),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent('In force');
    await expect(typedCode.checked).toEqual([CODE]);
    await expect(fact(canvas, 'Verification code')).toHaveTextContent('HT7K-Q2MW-RZ4P');
  },
};

const notYet = checkOf({ standing: 'not_yet_in_force', effectiveDate: '2027-01-01', expirationDate: '2028-01-01' });

export const NotYetInForce: Story = {
  name: 'Not yet in force: the period starts later',
  ...answering(notYet),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent(/^Not yet in force$/);
    await expect(fact(canvas, 'Policy period')).toHaveTextContent('Jan 1, 2027 to Jan 1, 2028');
  },
};

const cancelled = checkOf({ standing: 'cancelled', cancellationDate: '2026-10-31' });

export const Cancelled: Story = {
  name: 'Cancelled on its date',
  ...answering(cancelled),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent(/^Cancelled on Oct 31, 2026$/);
    await expect(fact(canvas, 'Policy period')).toHaveTextContent('Jul 1, 2026 to Jul 1, 2027');
  },
};

const cancellingLater = checkOf({ standing: 'in_force', cancellationDate: '2026-12-15' });

export const CancellationAhead: Story = {
  name: 'In force, cancelled from a later day',
  ...answering(cancellingLater),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent(/^In force$/);
    await expect(canvas.getByText(/^Cancelled from/)).toHaveTextContent(
      'Cancelled from Dec 15, 2026: the cover ends that day.',
    );
  },
};

const expired = checkOf({ standing: 'expired', effectiveDate: '2025-07-01', expirationDate: '2026-07-01' });

export const Expired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent(/^Expired$/);
    await expect(fact(canvas, 'Policy period')).toHaveTextContent('Jul 1, 2025 to Jul 1, 2026');
  },
  ...answering(expired),
};

export const NotFound: Story = {
  name: 'Not found: no certificate has this code',
  parameters: { route: '/verify-certificate/ZZZZ-YYYY-XXXX' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('No certificate has this code');
    await expect(alert).toHaveTextContent('We have no certificate of insurance with the code ZZZZ-YYYY-XXXX.');
    await expect(canvas.queryByText('Policy status')).toBeNull();
  },
};

export const Malformed: Story = {
  name: 'Malformed: not a code at all, said without asking',
  parameters: { route: '/verify-certificate/HELLO-WORLD' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This is not a verification code');
    await expect(server.checked).toEqual([]);
  },
};

const limited = verifyServer({ rateLimited: true });

export const RateLimited: Story = {
  name: 'Rate limited: when to try again, and Try again',
  ...answering(limited),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Too many checks for now');
    await expect(alert).toHaveTextContent('Please try again in about 9 minutes.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await standing(canvas)).toHaveTextContent('In force');
  },
};

const failing = verifyServer({ failOnce: true });

export const Failed: Story = {
  name: 'The check failed: the reason, and Try again',
  ...answering(failing),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not check this certificate. 503: The service is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await standing(canvas)).toHaveTextContent('In force');
  },
};

const pending = verifyServer({ pending: true });

export const Checking: Story = {
  ...answering(pending),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Checking the certificate…');
  },
};

export const Branded: Story = {
  name: 'Branded: under the broker’s header',
  parameters: {
    route: `/client/verify-certificate/${CODE}/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...server.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await standing(canvas)).toHaveTextContent('In force');
    const header = within(canvasElement).getByRole('banner');
    await expect(await within(header).findByText('Harbor Risk Partners')).toBeVisible();
  },
};
