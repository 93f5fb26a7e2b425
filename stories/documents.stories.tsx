import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import DocumentsScreen from '@/screens/documents/documents-screen';
import { ada, adaStored } from './support/auth-fixtures';
import {
  changedAndCancelled,
  EARLIER_NUMBER,
  EARLIER_POLICY,
  NOTICE_FILENAME,
  OVERDUE_INVOICE_ID,
  OVERDUE_INVOICE_NUMBER,
  planInvoices,
  POLICY_NUMBER,
  severalInvoices,
  servedBilling as servedBillingOnly,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
  twoPolicies,
} from './support/billing-fixtures';
import { captureDownloads, downloads } from './support/dashboard-fixtures';
import type { RouterParameters } from './support/router-decorator';

/**
 * document (src/screens/documents, src/machines/documents.machine.ts): every document of Ada's two
 * policies, grouped by policy, each downloaded with her session and saved under its name, and
 * the order summary sent by e-mail.
 */
const meta = {
  title: 'Screens/Documents',
  component: DocumentsScreen,
  parameters: { route: '/document', session: adaStored } satisfies RouterParameters,
} satisfies Meta<typeof DocumentsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ada's two policies by id (insured/policies): each policy's "View policy" opens its own page. */
const THIS_YEAR_ID = 17;
const policiesHandler = http.get('*/api/weborder/insured/policies', () =>
  HttpResponse.json([
    {
      id: THIS_YEAR_ID,
      number: POLICY_NUMBER,
      specialityName: 'Architects',
      effectiveDate: '2026-07-01',
      expirationDate: '2027-07-01',
    },
    {
      id: 12,
      number: EARLIER_POLICY,
      specialityName: 'Engineers',
      effectiveDate: '2025-09-01',
      expirationDate: '2026-09-01',
    },
  ]),
);

/** The billing world of a story, with the policies' ids beside it. */
function servedBilling(options?: Parameters<typeof servedBillingOnly>[0]) {
  const served = servedBillingOnly(options);
  const handlers = [policiesHandler, ...served.story.parameters.msw.handlers];
  return { ...served, story: { ...served.story, parameters: { msw: { handlers } } } };
}

const THIS_YEAR = `Policy ${POLICY_NUMBER}: Architects`;
const LAST_YEAR = `Policy ${EARLIER_POLICY}: Engineers`;

async function listed(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('region', { name: THIS_YEAR })).toBeVisible();
  return canvas;
}

const twoListed = servedBilling();

export const TwoPolicies: Story = {
  name: 'Two policies, each with its documents',
  ...twoListed.story,
  beforeEach: () => {
    twoListed.world.reset();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-screen="document"]')).not.toBeNull();
    await expect(canvas.getByRole('link', { name: 'Issue a certificate of insurance' })).toHaveAttribute(
      'href',
      '/certificates',
    );
    const sections = [...canvasElement.querySelectorAll('.documents-order')];
    await expect(sections.map((section) => section.querySelector('h2')?.textContent)).toEqual([THIS_YEAR, LAST_YEAR]);
    const current = within(canvas.getByRole('region', { name: THIS_YEAR }));
    await expect(current.getByText(/^Jul 1, 2026 to Jul 1, 2027\./)).toHaveTextContent(
      `Jul 1, 2026 to Jul 1, 2027. Order ${SUBMISSION_NUMBER}.`,
    );
    await expect(current.getAllByRole('listitem')).toHaveLength(5);
    // The policy's own page: its standing, changes and endorsements.
    await waitFor(() =>
      expect(current.getByRole('link', { name: `View policy ${POLICY_NUMBER}` })).toHaveAttribute(
        'href',
        `/policy?policyid=${THIS_YEAR_ID}`,
      ),
    );
    // Every button names its document and its policy.
    const declarations = current.getByRole('button', { name: `Download Declarations page, policy ${POLICY_NUMBER}` });
    await userEvent.click(declarations);
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toMatchObject({
      fileName: `declarations-${POLICY_NUMBER.toLowerCase()}.pdf`,
      type: 'application/pdf',
    });
    await expect(twoListed.world.sent.map((call) => call.body)).toEqual([
      { submissionid: SUBMISSION_ID, documentType: 'declarations' },
    ]);
    const earlier = within(canvas.getByRole('region', { name: LAST_YEAR }));
    await expect(earlier.getByRole('button', { name: `Download Binder, policy ${EARLIER_POLICY}` })).toBeVisible();
    await expect(
      earlier.getByRole('button', { name: `E-mail the order summary of order ${EARLIER_NUMBER}` }),
    ).toBeVisible();
  },
};

const invoicesListed = servedBilling({ documents: severalInvoices });

export const SeveralInvoices: Story = {
  name: 'A payment plan’s invoices, each with its own download, and a notice of non-payment',
  ...invoicesListed.story,
  beforeEach: () => {
    invoicesListed.world.reset();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    const current = within(canvas.getByRole('region', { name: THIS_YEAR }));
    const invoices = within(current.getByRole('region', { name: 'Invoices' }));
    const rows = invoices.getAllByRole('listitem');
    // Oldest first, each saying what it is for, its number, amount and status.
    await expect(rows.map((row) => row.querySelector('.documents-list__title')?.textContent)).toEqual(
      planInvoices.map((invoice) => invoice.description),
    );
    await expect(rows[0]).toHaveTextContent(`Invoice ${planInvoices[0]!.number}`);
    await expect(rows[0]).toHaveTextContent('Paid');
    await expect(rows[2]).toHaveTextContent(`Endorsement ${POLICY_NUMBER}-E01`);
    await expect(rows[2]).toHaveTextContent('$314.66');
    await expect(rows[3]).toHaveTextContent(`Invoice ${OVERDUE_INVOICE_NUMBER}`);
    await expect(rows[3]).toHaveTextContent('Due Jan 1, 2027');
    // The first invoice is listed once, among the invoices, not again with the policy's documents.
    const documentKinds = [...current.getAllByRole('list')[0]!.querySelectorAll('[data-document-kind]')].map((item) =>
      item.getAttribute('data-document-kind'),
    );
    await expect(documentKinds).toEqual(['policy', 'declarations', 'binder', 'ordersummary', 'nonpaymentnotice']);

    // Each invoice downloads itself: the order and the invoice's id, saved under its own name.
    await userEvent.click(
      invoices.getByRole('button', {
        name: `Download invoice ${OVERDUE_INVOICE_NUMBER}, Installment 3 of 4, policy ${POLICY_NUMBER}`,
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toMatchObject({ fileName: `invoice-${OVERDUE_INVOICE_NUMBER.toLowerCase()}.pdf` });
    await userEvent.click(
      current.getByRole('button', {
        name: `Download Notice of cancellation for non-payment ${NOTICE_FILENAME}, policy ${POLICY_NUMBER}`,
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(2));
    await expect(downloads[1]).toMatchObject({ fileName: NOTICE_FILENAME });
    await expect(invoicesListed.world.sent.map((call) => call.body)).toEqual([
      { submissionid: SUBMISSION_ID, invoiceid: OVERDUE_INVOICE_ID },
      { submissionid: SUBMISSION_ID, invoiceid: OVERDUE_INVOICE_ID },
    ]);
    // The earlier policy, from before invoices were listed apart, keeps its one invoice entry.
    const earlier = within(canvas.getByRole('region', { name: LAST_YEAR }));
    await expect(earlier.getByRole('button', { name: `Download Invoice, policy ${EARLIER_POLICY}` })).toBeVisible();
  },
};

const cancelledListed = servedBilling({ documents: changedAndCancelled });

export const ChangedAndCancelled: Story = {
  name: 'A policy changed and cancelled: its endorsement, the notice of cancellation and the tail, and its standing',
  ...cancelledListed.story,
  beforeEach: () => {
    cancelledListed.world.reset();
    return captureDownloads();
  },
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    const current = within(canvas.getByRole('region', { name: THIS_YEAR }));
    // Where each policy stands today, in the policy page's words.
    await expect(current.getByText('Cancelled from Dec 15, 2026')).toBeVisible();
    const earlier = within(canvas.getByRole('region', { name: LAST_YEAR }));
    await expect(earlier.getByText('Expired')).toBeVisible();
    // The list names each policy's page by its own id: no lookup needed.
    await expect(current.getByRole('link', { name: `View policy ${POLICY_NUMBER}` })).toHaveAttribute(
      'href',
      `/policy?policyid=17`,
    );
    // Every endorsement it was sent, oldest first, with its number and the day it counts from.
    const sent = [...canvasElement.querySelectorAll('.documents-order')][0]!.querySelectorAll(
      '[data-endorsement-number]',
    );
    await expect([...sent].map((item) => item.querySelector('.documents-list__facts')?.textContent)).toEqual([
      `${POLICY_NUMBER}-E01, effective Oct 1, 2026`,
      `${POLICY_NUMBER}-E02, cancelled from Dec 15, 2026`,
      `${POLICY_NUMBER}-E03, reporting period from Dec 15, 2026`,
    ]);
    await userEvent.click(
      current.getByRole('button', {
        name: `Download Notice of cancellation ${POLICY_NUMBER}-E02, policy ${POLICY_NUMBER}`,
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    await expect(downloads[0]).toMatchObject({ fileName: `endorsement-${POLICY_NUMBER.toLowerCase()}-e02.pdf` });
    await userEvent.click(
      current.getByRole('button', {
        name: `Download Extended reporting period (tail) endorsement ${POLICY_NUMBER}-E03, policy ${POLICY_NUMBER}`,
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(2));
    await expect(downloads[1]).toMatchObject({ fileName: `endorsement-${POLICY_NUMBER.toLowerCase()}-e03.pdf` });
    // Asked for by the endorsement alone, as documents/downloadendorsement takes it.
    await expect(cancelledListed.world.sent.map((call) => call.body)).toEqual([
      { endorsementid: 305 },
      { endorsementid: 306 },
    ]);
  },
};

export const Empty: Story = {
  name: 'No documents yet',
  ...servedBilling({ documents: { orders: [] } }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^No documents yet\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(within(canvas.getByRole('region', { name: 'Your documents' })).queryByRole('button')).toBeNull();
  },
};

export const DownloadFailed: Story = {
  name: 'Download failed: said beside the document',
  ...servedBilling({ failing: { download: { status: 503, message: 'The document service is unavailable.' } } }).story,
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    const current = within(canvas.getByRole('region', { name: THIS_YEAR }));
    const binder = current.getByRole('button', { name: `Download Binder, policy ${POLICY_NUMBER}` });
    await userEvent.click(binder);
    const alert = await current.findByRole('alert');
    await expect(alert).toHaveTextContent('Binder could not be downloaded: The document service is unavailable.');
    await expect(alert.closest('li')).toHaveAttribute('data-document-kind', 'binder');
    // The button is usable again.
    await expect(binder).not.toHaveAttribute('aria-disabled');
  },
};

const sharing = servedBilling();

export const ShareDialog: Story = {
  name: 'E-mail the order summary: to an address of Ada’s choosing',
  ...sharing.story,
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    const open = canvas.getByRole('button', { name: `E-mail the order summary of order ${SUBMISSION_NUMBER}` });
    await userEvent.click(open);
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'E-mail the order summary' }));
    const address = dialog.getByRole('textbox', { name: 'E-mail address' });
    // Her own address to start with, and the field has focus.
    await expect(address).toHaveValue(ada.email);
    await expect(address).toHaveFocus();
    await userEvent.clear(address);
    await userEvent.type(address, 'accounts@lovelace-design.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(
      canvas.getByText('The order summary is on its way to accounts@lovelace-design.example.'),
    ).toBeVisible();
    await expect(sharing.world.sent.map((call) => [call.call, call.body])).toEqual([
      ['shareOrderSummary', { submissionid: String(SUBMISSION_ID), to: 'accounts@lovelace-design.example' }],
    ]);
    // Focus goes back to the button that opened it.
    await expect(open).toHaveFocus();
  },
};

export const ShareRefused: Story = {
  name: 'E-mail refused (429): the server’s words, the dialog stays open',
  ...servedBilling({
    failing: { share: { status: 429, message: 'Too many e-mails for this order', headers: { 'retry-after': '300' } } },
  }).story,
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: `E-mail the order summary of order ${SUBMISSION_NUMBER}` }),
    );
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'E-mail the order summary' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'We could not send the e-mailToo many e-mails for this order. Try again in 5 minutes.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};

export const ShareBadAddress: Story = {
  name: 'E-mail: an address that is not one is caught before sending',
  ...sharing.story,
  play: async ({ canvasElement }) => {
    const canvas = await listed(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: `E-mail the order summary of order ${SUBMISSION_NUMBER}` }),
    );
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'E-mail the order summary' }));
    const address = dialog.getByRole('textbox', { name: 'E-mail address' });
    await userEvent.clear(address);
    await userEvent.type(address, 'ada@');
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(/E-mail address must be an e-mail address/);
    await expect(sharing.world.sent).toEqual([]);
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...servedBilling({ pending: ['documents'] }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading your documents…');
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again',
  ...servedBilling({ failing: { documents: { status: 503, message: 'The document service is unavailable.' } } }).story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'We could not load your documents. 503: The document service is unavailable.',
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(twoPolicies.orders).toHaveLength(2);
  },
};
