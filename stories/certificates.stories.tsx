import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import CertificatesScreen from '@/screens/certificates/certificates-screen';
import { adaStored, authHandlers } from './support/auth-fixtures';
import { brokerHandlers } from './support/broker-fixtures';
import { catalogHandlers, HARBOR_RISK } from './support/catalog-fixtures';
import {
  cancelledPolicy,
  certificateFileName,
  certificatesServer,
  clientCertificate,
  dentistsCertificate,
  inForcePolicy,
  landlordCertificate,
  type CertificatesServer,
} from './support/certificates-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * The certificates screen (src/screens/certificates, certificatesMachine): Ada's certificates of
 * insurance on one of her policies. P-2026-004217 (Architects) is in force with two certificates
 * issued; P-2025-003900 (Dentists) was cancelled. Without `?policyid=` it asks which policy.
 */
const server = certificatesServer();
const IN_FORCE = `/certificates?policyid=${inForcePolicy.id}`;
const CANCELLED = `/certificates?policyid=${cancelledPolicy.id}`;

const meta = {
  title: 'Screens/Certificates',
  component: CertificatesScreen,
  parameters: {
    route: IN_FORCE,
    session: adaStored,
    msw: { handlers: [...authHandlers(), ...server.handlers] },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: () => {
    server.reset();
    return captureDownloads();
  },
} satisfies Meta<typeof CertificatesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** A story whose API is another mock server (its `reset` runs before the story). */
function withServer(other: CertificatesServer, route?: string): Pick<Story, 'parameters' | 'beforeEach'> {
  return {
    parameters: { ...(route ? { route } : {}), msw: { handlers: [...authHandlers(), ...other.handlers] } },
    // The meta's beforeEach captures the downloads.
    beforeEach: () => {
      other.reset();
    },
  };
}

/** The screen, once the route has rendered it. */
async function screenOf(canvasElement: HTMLElement): Promise<Canvas> {
  const screen = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-screen="certificates"]');
    expect(element, 'the screen has not rendered').not.toBeNull();
    return element!;
  });
  return within(screen);
}

async function issuedItems(canvas: Canvas) {
  const region = await canvas.findByRole('region', { name: 'Issued certificates' });
  return waitFor(() => {
    const items = within(region).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    return items;
  });
}

async function itemFor(canvas: Canvas, holder: string) {
  const region = await canvas.findByRole('region', { name: 'Issued certificates' });
  const heading = await within(region).findByRole('heading', { level: 3, name: holder });
  return within(heading.closest('li')!);
}

async function holderForm(canvas: Canvas) {
  return within(await canvas.findByRole('region', { name: 'Add a certificate holder' }));
}

/** Types a holder in Houston, TX (or the ZIP given). */
async function fillHolder(form: Canvas, name: string, zipcode = '77002') {
  await userEvent.type(form.getByLabelText('Name'), name);
  await userEvent.type(form.getByLabelText('Street address'), '2 Houston Center');
  await userEvent.type(form.getByLabelText('Address line 2 (optional)'), 'Floor 9');
  await userEvent.type(form.getByLabelText('City'), 'Houston');
  // The states load beside the form: Texas is there once they have.
  await waitFor(() => expect(form.getByRole('option', { name: 'Texas' })).toBeInTheDocument());
  await userEvent.selectOptions(form.getByLabelText('State'), 'TX');
  await userEvent.type(form.getByLabelText('ZIP code'), zipcode);
}

// ---------------------------------------------------------------------------------------------
// Choosing the policy

export const ChoosePolicy: Story = {
  name: 'Choose a policy (none in the address)',
  parameters: { route: '/certificates' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const links = await picker.findAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/certificates?policyid=${inForcePolicy.id}`,
      `/certificates?policyid=${cancelledPolicy.id}`,
    ]);
    await expect(links[0]).toHaveAccessibleName(
      `Architects Policy ${inForcePolicy.number} · Jul 1, 2026 to Jul 1, 2027`,
    );
  },
};

export const ChoosePolicyBranded: Story = {
  name: 'Choose a policy (branded): the links stay in the client area',
  parameters: {
    route: `/client/certificates/${HARBOR_RISK}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...server.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const picker = within(await canvas.findByRole('region', { name: 'Choose a policy' }));
    const [first] = await picker.findAllByRole('link');
    await expect(first).toHaveAttribute('href', `/client/certificates/${HARBOR_RISK}?policyid=${inForcePolicy.id}`);
  },
};

export const NotAPolicy: Story = {
  name: 'An address that names no policy: choose one',
  parameters: { route: '/certificates?policyid=latest' },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'Choose a policy' })).toBeVisible();
    await expect(await canvas.findAllByRole('link', { name: /^(Architects|Dentists) Policy/ })).toHaveLength(2);
  },
};

const noPolicies = certificatesServer({ policies: [], lists: [] });

export const NoPolicies: Story = {
  name: 'No policy yet: certificates come with a bound policy',
  ...withServer(noPolicies, '/certificates'),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(/Certificates are issued on a policy once it is bound/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

const policiesFailing = certificatesServer({ failPoliciesOnce: true });

export const PoliciesFailed: Story = {
  name: 'The policies could not load, then Try again',
  ...withServer(policiesFailing, '/certificates'),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your policies. 500: The policy service is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findAllByRole('link', { name: /Policy P-/ })).toHaveLength(2);
  },
};

// ---------------------------------------------------------------------------------------------
// One policy

const pending = certificatesServer({ pendingList: true });

export const Loading: Story = {
  ...withServer(pending),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the policy’s certificates…');
  },
};

const failingOnce = certificatesServer({ failListOnce: true });

export const LoadFailed: Story = {
  name: 'Load failed, then Try again',
  ...withServer(failingOnce),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'We could not load the certificates of this policy. 500: The certificate service is unavailable.',
    );
    await expect(within(alert).getByRole('link', { name: 'Choose another policy' })).toHaveAttribute(
      'href',
      '/certificates',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await issuedItems(canvas)).toHaveLength(2);
  },
};

export const Loaded: Story = {
  name: 'In force: the policy, its certificates and the form',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(inForcePolicy.number)).toBeVisible();
    await expect(canvas.getByText('In force')).toBeVisible();
    // Newest first: holder, address, date, whether also an additional insured, and the code.
    const items = await issuedItems(canvas);
    await expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      landlordCertificate.holder.name,
      clientCertificate.holder.name,
    ]);
    const landlord = await itemFor(canvas, landlordCertificate.holder.name);
    await expect(landlord.getByText('1200 Smith Street, Suite 400, Houston, TX 77002')).toBeVisible();
    await expect(landlord.getByText(/^Issued/)).toHaveTextContent('Issued Oct 14, 2026 · also an additional insured');
    // What the certificate is for, as it was typed.
    await expect(landlord.getByText(`For: ${landlordCertificate.description}`)).toBeVisible();
    await expect(landlord.getByRole('link', { name: 'HT7K-Q2MW-RZ4P' })).toHaveAttribute(
      'href',
      `/verify-certificate/${landlordCertificate.code}`,
    );
    await expect(
      landlord.getByRole('button', { name: `Download the certificate for ${landlordCertificate.holder.name}` }),
    ).toBeVisible();
    await expect(
      landlord.getByRole('button', {
        name: `Copy verification link of the certificate for ${landlordCertificate.holder.name}`,
      }),
    ).toBeVisible();
    const client = await itemFor(canvas, clientCertificate.holder.name);
    await expect(client.getByText(/^Issued/)).toHaveTextContent(/^Issued Aug 3, 2026$/);
    await expect(client.queryByText(/^For:/)).toBeNull();
    // The form, with the additional-insured wording shown before it is ticked.
    const form = await holderForm(canvas);
    await expect(form.getByRole('checkbox', { name: 'Also an additional insured' })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Also an additional insured' })).toHaveAccessibleDescription(
      /The certificate holder is an additional insured under policy P-2026-004217, with respect to liability/,
    );
    await expect(form.getByRole('button', { name: 'Issue and download the certificate' })).toBeVisible();
  },
};

const noCertificates = certificatesServer({
  lists: [
    {
      policyId: inForcePolicy.id,
      policyNumber: inForcePolicy.number,
      standing: 'not_yet_in_force',
      canIssue: true,
      certificates: [],
    },
  ],
});

export const Empty: Story = {
  name: 'None issued yet, on a policy not yet in force',
  ...withServer(noCertificates),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('No certificate has been issued on this policy yet.')).toBeVisible();
    await expect(canvas.getByText('Not yet in force')).toBeVisible();
    await expect(await holderForm(canvas)).toBeTruthy();
  },
};

export const ValidationErrors: Story = {
  name: 'Validation errors: nothing typed',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await holderForm(canvas);
    await userEvent.click(form.getByRole('button', { name: 'Issue and download the certificate' }));
    const name = form.getByLabelText('Name');
    await expect(name).toHaveAccessibleDescription(/Name is required$/);
    await expect(name).toHaveFocus();
    await expect(form.getByLabelText('Street address')).toHaveAccessibleDescription('Street address is required');
    await expect(form.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    await expect(form.getByLabelText('State')).toHaveAccessibleDescription('State is required');
    await expect(form.getByLabelText('ZIP code')).toHaveAccessibleDescription('ZIP code is required');
    await userEvent.type(form.getByLabelText('ZIP code'), '7700');
    await expect(form.getByLabelText('ZIP code')).toHaveAccessibleDescription('ZIP code must be a 5-digit ZIP code');
    await expect(server.issues).toEqual([]);
  },
};

export const Issued: Story = {
  name: 'Issued: downloaded at once, announced, listed first, the form empty again',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await holderForm(canvas);
    await fillHolder(form, 'Allen Center Partners');
    const also = form.getByRole('checkbox', { name: 'Also an additional insured' });
    await userEvent.click(also);
    // The wording names the holder as typed.
    await expect(also).toHaveAccessibleDescription(/Allen Center Partners is an additional insured under policy/);
    const description = form.getByLabelText('Description of operations / project (optional)');
    await expect(description).toHaveAttribute('maxlength', '500');
    await userEvent.type(description, 'Lobby renovation, 2 Houston Center');
    await userEvent.click(form.getByRole('button', { name: 'Issue and download the certificate' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(server.issues).toEqual([
      {
        body: {
          policyid: inForcePolicy.id,
          holderName: 'Allen Center Partners',
          address1: '2 Houston Center',
          address2: 'Floor 9',
          city: 'Houston',
          state: 'TX',
          zipcode: '77002',
          description: 'Lobby renovation, 2 Houston Center',
          additionalInsured: true,
        },
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    await expect(downloads[0]).toEqual({
      fileName: 'certificate-p-2026-004217-allen-center-partners-nw4rk8pq2xyz.pdf',
      type: 'application/pdf',
      size: expect.any(Number),
    });
    await expect(
      await canvas.findByText('Certificate for Allen Center Partners issued and downloaded.'),
    ).toHaveAttribute('role', 'status');
    const items = await issuedItems(canvas);
    await expect(items).toHaveLength(3);
    const first = within(items[0]!);
    await expect(first.getByRole('heading', { level: 3 })).toHaveTextContent('Allen Center Partners');
    await expect(first.getByText(/^Issued/)).toHaveTextContent(/also an additional insured$/);
    await expect(first.getByRole('link', { name: 'NW4R-K8PQ-2XYZ' })).toBeVisible();
    await expect(first.getByText('For: Lobby renovation, 2 Houston Center')).toBeVisible();
    // Ready for the next holder.
    const again = await holderForm(canvas);
    await expect(again.getByLabelText('Name')).toHaveValue('');
    await expect(again.getByLabelText('Description of operations / project (optional)')).toHaveValue('');
    await expect(again.getByRole('checkbox', { name: 'Also an additional insured' })).not.toBeChecked();
  },
};

export const IssueRefused: Story = {
  name: 'Issue refused: a ZIP in another state, said beside it; put right, issued',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const form = await holderForm(canvas);
    await fillHolder(form, 'Empire Tower Owners', '10118');
    await userEvent.click(form.getByRole('button', { name: 'Issue and download the certificate' }));
    const alert = await form.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not issue this certificate');
    await expect(alert).toHaveTextContent('Please check the certificate holder’s address.');
    const zip = form.getByLabelText('ZIP code');
    await expect(zip).toHaveAccessibleDescription('ZIP code is not in TX');
    await waitFor(() => expect(zip).toHaveFocus());
    await expect(downloads).toEqual([]);
    await userEvent.clear(zip);
    await userEvent.type(zip, '77010');
    await userEvent.click(form.getByRole('button', { name: 'Issue and download the certificate' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    // Corrected, it is a new attempt with a new key.
    await expect(server.issues).toHaveLength(2);
    await expect(server.issues[1]!.idempotencyKey).not.toBe(server.issues[0]!.idempotencyKey);
    await expect(form.queryByRole('alert')).toBeNull();
  },
};

export const DownloadAgain: Story = {
  name: 'Download an earlier certificate again',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const client = await itemFor(canvas, clientCertificate.holder.name);
    await userEvent.click(client.getByRole('button', { name: /^Download/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]!.fileName).toBe(certificateFileName(clientCertificate));
    await expect(server.downloads).toEqual([clientCertificate.id]);
    await expect(
      await canvas.findByText(`The certificate for ${clientCertificate.holder.name} has been downloaded.`),
    ).toHaveAttribute('role', 'status');
  },
};

const downloadFailing = certificatesServer({ failDownloadOnce: true });

export const DownloadFailed: Story = {
  name: 'Download failed: the reason beside the certificate, then it works',
  ...withServer(downloadFailing),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const client = await itemFor(canvas, clientCertificate.holder.name);
    const button = client.getByRole('button', { name: /^Download/ });
    await userEvent.click(button);
    const alert = await client.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'The certificate could not be downloaded: The document store is unavailable.',
    );
    await expect(button).toHaveAccessibleDescription(/The document store is unavailable/);
    await expect(downloads).toEqual([]);
    await userEvent.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(client.queryByRole('alert')).toBeNull();
  },
};

export const CopyLink: Story = {
  name: 'Copy the verification link: said once copied',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const landlord = await itemFor(canvas, landlordCertificate.holder.name);
    await userEvent.click(landlord.getByRole('button', { name: /^Copy verification link/ }));
    await expect(await landlord.findByText('Link copied.')).toBeVisible();
    await expect(copied).toEqual([landlordCertificate.verificationUrl]);
  },
};

export const CopyRefused: Story = {
  name: 'Copy refused by the browser: the link shown to copy by hand',
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('NotAllowedError')) },
    });
    const landlord = await itemFor(canvas, landlordCertificate.holder.name);
    await userEvent.click(landlord.getByRole('button', { name: /^Copy verification link/ }));
    await expect(await landlord.findByText(/Your browser did not let us copy/)).toBeVisible();
    await expect(landlord.getByRole('link', { name: landlordCertificate.verificationUrl })).toHaveAttribute(
      'href',
      landlordCertificate.verificationUrl,
    );
  },
};

export const Cancelled: Story = {
  name: 'Cancelled: why no certificate can be issued; the earlier ones still download',
  parameters: { route: CANCELLED },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText(cancelledPolicy.number)).toBeVisible();
    await expect(canvas.getByText('Cancelled')).toBeVisible();
    await expect(canvas.getByText(/This policy is cancelled, so no new certificate can be issued on it/)).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Add a certificate holder' })).toBeNull();
    const item = await itemFor(canvas, dentistsCertificate.holder.name);
    await userEvent.click(item.getByRole('button', { name: /^Download/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
  },
};

const expired = certificatesServer({
  lists: [
    {
      policyId: inForcePolicy.id,
      policyNumber: inForcePolicy.number,
      standing: 'expired',
      canIssue: false,
      certificates: [clientCertificate],
    },
  ],
});

export const Expired: Story = {
  name: 'Expired: why no certificate can be issued',
  ...withServer(expired),
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    await expect(await canvas.findByText('Expired')).toBeVisible();
    await expect(canvas.getByText(/This policy has expired, so no new certificate can be issued on it/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Issue and download the certificate' })).toBeNull();
  },
};

export const Branded: Story = {
  name: 'Branded: the verification links stay in the client area',
  parameters: {
    route: `/client/certificates/${HARBOR_RISK}?policyid=${inForcePolicy.id}`,
    msw: { handlers: [...brokerHandlers(), ...catalogHandlers(), ...authHandlers(), ...server.handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = await screenOf(canvasElement);
    const landlord = await itemFor(canvas, landlordCertificate.holder.name);
    await expect(landlord.getByRole('link', { name: 'HT7K-Q2MW-RZ4P' })).toHaveAttribute(
      'href',
      `/client/verify-certificate/${landlordCertificate.code}/${HARBOR_RISK}`,
    );
    await expect(canvas.getByRole('link', { name: 'Choose another policy' })).toHaveAttribute(
      'href',
      `/client/certificates/${HARBOR_RISK}`,
    );
  },
};
