import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import applicationSignature from '../docs/machines/application-signature.mmd?raw';
import auth from '../docs/machines/auth.mmd?raw';
import cancellation from '../docs/machines/cancellation.mmd?raw';
import renewal from '../docs/machines/renewal.mmd?raw';
import renewalOffers from '../docs/machines/renewal-offers.mmd?raw';
import payInstalment from '../docs/machines/pay-instalment.mmd?raw';
import instalments from '../docs/machines/instalments.mmd?raw';
import overdueInstalments from '../docs/machines/overdue-instalments.mmd?raw';
import certificates from '../docs/machines/certificates.mmd?raw';
import changePassword from '../docs/machines/change-password.mmd?raw';
import claim from '../docs/machines/claim.mmd?raw';
import claimHandling from '../docs/machines/claim-handling.mmd?raw';
import claimLifecycle from '../docs/machines/claim-lifecycle.mmd?raw';
import claimsDesk from '../docs/machines/claims-desk.mmd?raw';
import closeLost from '../docs/machines/close-lost.mmd?raw';
import fileDownload from '../docs/machines/file-download.mmd?raw';
import chosenSpeciality from '../docs/machines/chosen-speciality.mmd?raw';
import dashboard from '../docs/machines/dashboard.mmd?raw';
import defaultSpeciality from '../docs/machines/default-speciality.mmd?raw';
import documents from '../docs/machines/documents.mmd?raw';
import editOrder from '../docs/machines/edit-order.mmd?raw';
import endorsements from '../docs/machines/endorsements.mmd?raw';
import endorsementsDesk from '../docs/machines/endorsements-desk.mmd?raw';
import feedback from '../docs/machines/feedback.mmd?raw';
import forgotPassword from '../docs/machines/forgot-password.mmd?raw';
import googleSignIn from '../docs/machines/google-sign-in.mmd?raw';
import missingDetails from '../docs/machines/missing-details.mmd?raw';
import orderDetails from '../docs/machines/order-details.mmd?raw';
import orderLifecycle from '../docs/machines/order-lifecycle.mmd?raw';
import payment from '../docs/machines/payment.mmd?raw';
import policyHistory from '../docs/machines/policy-history.mmd?raw';
import policyLifecycle from '../docs/machines/policy-lifecycle.mmd?raw';
import paymentConfirm from '../docs/machines/payment-confirm.mmd?raw';
import quote from '../docs/machines/quote.mmd?raw';
import recordList from '../docs/machines/record-list.mmd?raw';
import shareDocument from '../docs/machines/share-document.mmd?raw';
import specialityCatalog from '../docs/machines/speciality-catalog.mmd?raw';
import underwritingQueue from '../docs/machines/underwriting-queue.mmd?raw';
import adminAudit from '../docs/machines/admin-audit.mmd?raw';
import adminJobs from '../docs/machines/admin-jobs.mmd?raw';
import adminBrokers from '../docs/machines/admin-brokers.mmd?raw';
import adminCatalog from '../docs/machines/admin-catalog.mmd?raw';
import adminQuestions from '../docs/machines/admin-questions.mmd?raw';
import adminRateTables from '../docs/machines/admin-rate-tables.mmd?raw';
import adminUsers from '../docs/machines/admin-users.mmd?raw';
import brokerBook from '../docs/machines/broker-book.mmd?raw';
import underwritingReview from '../docs/machines/underwriting-review.mmd?raw';
import verifyCertificate from '../docs/machines/verify-certificate.mmd?raw';
import type { StatusScreen } from '@shared/lifecycle/order-lifecycle.machine';
import { lifecycleDiagramFor, statusesShownOn } from './support/lifecycle-highlight';
import { MachineDiagram } from './support/machine-diagram';

/**
 * For analysts: every state machine as drawn by `npm run diagrams` from its definition. The source
 * is the committed docs/machines/*.mmd, which a unit test keeps in step with the machines.
 * stories/stories.test.tsx checks that each diagram there has a story here.
 */
const meta = {
  title: 'Machines',
  component: MachineDiagram,
  parameters: { appShell: false, layout: 'padded' },
} satisfies Meta<typeof MachineDiagram>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the diagram, drawn or as source, and checks every state is in it. */
function expectStates(states: string[]): NonNullable<Story['play']> {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const article = await canvas.findByRole('article');
    // The first diagram waits for Mermaid's cold import, which can take seconds on a busy machine.
    await waitFor(() => expect(article).toHaveAttribute('aria-busy', 'false'), { timeout: 4000 });
    // The SVG's labels when Mermaid drew it (a browser), else the source it shows instead (jsdom).
    const figure = article.querySelector('figure');
    const shown = figure ? figure.textContent : article.querySelector('pre')?.textContent;
    for (const state of states) await expect(shown).toContain(state);
  };
}

export const SpecialityCatalog: Story = {
  name: 'Speciality catalog',
  args: { title: 'specialityCatalogMachine', file: 'docs/machines/speciality-catalog.mmd', source: specialityCatalog },
  play: expectStates(['loading', 'loaded', 'empty', 'failed', 'brokerNotFound']),
};

export const Auth: Story = {
  name: 'Auth (session, sign-in, sign-up, refresh, sign-out, 401)',
  args: { title: 'authMachine', file: 'docs/machines/auth.mmd', source: auth },
  // An overview (the machine asks for one): its states, and what moves the person on, in words.
  play: expectStates([
    'restoring',
    'reading',
    'verifying',
    'renewing',
    'signedOut',
    'signingIn',
    'signingUp',
    'signingInWithGoogle',
    'signedIn',
    'refreshing',
    'signingOut',
    'revoking',
    'leaving',
    'Time to renew',
    'The server refused a request as not',
    '“Remember me” was off',
    'Signed out: the landing page opens',
  ]),
};

export const ForgotPassword: Story = {
  name: 'Password recovery: forgot password',
  args: { title: 'forgotPasswordMachine', file: 'docs/machines/forgot-password.mmd', source: forgotPassword },
  play: expectStates(['editing', 'sending', 'sent']),
};

export const ChangePassword: Story = {
  name: 'Password recovery: change password',
  args: { title: 'changePasswordMachine', file: 'docs/machines/change-password.mmd', source: changePassword },
  play: expectStates(['arriving', 'checking', 'unreachable', 'ready', 'saving', 'changed', 'invalid']),
};

export const GoogleSignIn: Story = {
  name: 'Google sign-in button',
  args: { title: 'googleSignInMachine', file: 'docs/machines/google-sign-in.mmd', source: googleSignIn },
  play: expectStates(['resolving', 'fetchingClientId', 'loadingScript', 'ready', 'unavailable']),
};

export const DefaultSpeciality: Story = {
  name: 'Default speciality (?s= links and the stored default)',
  args: { title: 'defaultSpecialityMachine', file: 'docs/machines/default-speciality.mmd', source: defaultSpeciality },
  play: expectStates([
    'checking',
    'loadingSpecialities',
    'deciding',
    'failed',
    'showingSeveral',
    'quoting',
    'usingStoredDefault',
    'noDefault',
    'notFound',
    'goToSpecialities',
    'storeDefaultSpeciality, goToQuotes',
    'goToPageNotFound',
    'defaultSpeciality.retry',
  ]),
};

export const ChosenSpeciality: Story = {
  name: 'Chosen speciality (quotes)',
  args: { title: 'chosenSpecialityMachine', file: 'docs/machines/chosen-speciality.mmd', source: chosenSpeciality },
  play: expectStates(['checking', 'loading', 'chosen', 'unchosen', 'failed', 'speciality.retry']),
};

export const Quote: Story = {
  name: 'Quote flow',
  args: { title: 'quoteMachine', file: 'docs/machines/quote.mmd', source: quote },
  // An overview (the machine asks for one): its states, and what moves the visitor on, in words.
  play: expectStates([
    'questionnaire',
    'loading',
    'failed',
    'locating',
    'Where the practice is',
    'asking',
    'checking',
    'notOffered',
    'answering',
    'quoting',
    'pricing',
    'unpriceable',
    'quoted',
    'choosing',
    'confirming',
    'confirmed',
    'unconfirmed',
    'saveFailed',
    'saving',
    'saved',
    'The visitor chooses another limit',
    'The visitor asks for prices.',
    'The visitor saves it for later',
    'The visitor chooses Buy now',
    'The visitor changes an answer.',
    'Saved: on to buying it',
  ]),
};

export const OrderDetails: Story = {
  name: 'Order details (order, ordersummary and the five status screens)',
  args: { title: 'orderDetailsMachine', file: 'docs/machines/order-details.mmd', source: orderDetails },
  play: expectStates([
    'loading',
    'failed',
    'notFound',
    'redirecting',
    'showing',
    'ready',
    'buying',
    'resubmitting',
    'afterMove',
    'moved',
    'uploading',
    'savingAnswers',
    'refreshing',
    'closing',
    'closed',
    'belongsElsewhere',
    'movedElsewhere',
    'goToStatusScreen',
    'goToDashboard',
    'order.buyNow',
    'order.resubmit',
    'files.upload',
    'answers.save',
    'close.open',
  ]),
};

export const FileDownload: Story = {
  name: 'File download (one at a time, failures beside the file)',
  args: { title: 'fileDownloadMachine', file: 'docs/machines/file-download.mmd', source: fileDownload },
  play: expectStates(['idle', 'downloading', 'file.download', 'saveFile', 'storeFailure']),
};

export const CloseLost: Story = {
  name: 'Close this order (reason, then close-lost)',
  args: { title: 'closeLostMachine', file: 'docs/machines/close-lost.mmd', source: closeLost },
  play: expectStates([
    'editing',
    'sending',
    'closed',
    'cancelled',
    'hasReason',
    'requireReason',
    'close.confirm',
    'close.cancel',
  ]),
};

export const ApplicationSignature: Story = {
  name: 'Signed application (review, sign, stale, signed)',
  args: {
    title: 'applicationSignatureMachine',
    file: 'docs/machines/application-signature.mmd',
    source: applicationSignature,
  },
  play: expectStates([
    'loading',
    'failed',
    'unsigned',
    'stale',
    'signing',
    'signed',
    'canSign',
    'recordChanged',
    'application.sign',
    'application.retry',
  ]),
};

export const Payment: Story = {
  name: 'Review and pay (buy now, invoice, then the hosted checkout)',
  args: { title: 'paymentMachine', file: 'docs/machines/payment.mmd', source: payment },
  play: expectStates([
    'loading',
    'failed',
    'notFound',
    'deciding',
    'reviewing',
    'buying',
    'referred',
    'approved',
    'awaitingPayment',
    'notPayable',
    'invoicing',
    'startingCheckout',
    'leaving',
    // An overview (the machine asks for one): what moves the insured on, in words.
    'The order arrived.',
    'Approved, with no invoice yet.',
    'Invoiced, with the invoice open.',
    'The order changed meanwhile',
    'The insured tries again.',
    'The insured, having signed',
    'The payment page is ready.',
  ]),
};

export const MissingDetails: Story = {
  name: 'What buy now found missing, asked on the review (address, contact)',
  args: { title: 'missingDetailsMachine', file: 'docs/machines/missing-details.mmd', source: missingDetails },
  play: expectStates(['editing', 'saving', 'savingAddress', 'savingContact', 'saved', 'details.save', 'supplied']),
};

export const PaymentConfirm: Story = {
  name: 'Payment confirmation (asking again while pending)',
  args: { title: 'paymentConfirmMachine', file: 'docs/machines/payment-confirm.mmd', source: paymentConfirm },
  play: expectStates([
    'confirming',
    'waiting',
    'stillWaiting',
    'unreachable',
    'confirmed',
    'loadingReceipt',
    'receiptFailed',
    'receipt',
    'failed',
    'notFound',
    'loadingEndorsement',
    'endorsementFailed',
    'endorsement.download',
    'after backoff',
    'hasWaitsLeft',
    'confirm.retry',
  ]),
};

export const Documents: Story = {
  name: 'Documents (list, downloads one at a time, e-mail dialog)',
  args: { title: 'documentsMachine', file: 'docs/machines/documents.mmd', source: documents },
  play: expectStates([
    'starting',
    'loading',
    'failed',
    'ready',
    'downloading',
    'sharing',
    'listsNothing',
    'document.download',
    'share.open',
    'saveFile',
    'storeFailure',
    'storeShared',
  ]),
};

export const ShareDocument: Story = {
  name: 'E-mail a document (the order summary, the order confirmation)',
  args: { title: 'shareDocumentMachine', file: 'docs/machines/share-document.mmd', source: shareDocument },
  play: expectStates([
    'editing',
    'sending',
    'refused',
    'sent',
    'cancelled',
    'hasAddress',
    'requireAddress',
    'share.send',
    'share.cancel',
  ]),
};

export const EditOrder: Story = {
  name: 'Edit order (named insured and locations, priced again)',
  args: { title: 'editOrderMachine', file: 'docs/machines/edit-order.mmd', source: editOrder },
  // An overview (the machine asks for one): its states, and what moves the insured on, in words.
  play: expectStates([
    'checking',
    'loading',
    'loadFailed',
    'notFound',
    'editing',
    'ready',
    'savingInsured',
    'savingLocations',
    'removing',
    'confirming',
    'sending',
    'refreshing',
    'The insured tries again.',
    'After a failed reload',
    'The insured saves the locations',
    'The insured saves the named insured.',
    'The insured asks to remove a',
    'The insured confirms removing it.',
    'The order moved on meanwhile',
  ]),
};

export const RecordList: Story = {
  name: 'Record list (contacts, locations: add, edit, make primary, delete)',
  args: { title: 'recordListMachine', file: 'docs/machines/record-list.mmd', source: recordList },
  play: expectStates([
    'loading',
    'loadFailed',
    'ready',
    'editing',
    'saving',
    'switchingPrimary',
    'confirmingRemove',
    'removing',
    'refreshing',
    'records.retry',
    'record.add',
    'record.edit',
    'record.remove',
    'record.makePrimary',
    'editor.save',
    'remove.confirm',
    'alreadyGone',
    'storeRefusal',
    'storeSwitchFailure',
  ]),
};

export const Dashboard: Story = {
  name: 'Dashboard (orders and the one to resume)',
  args: { title: 'dashboardMachine', file: 'docs/machines/dashboard.mmd', source: dashboard },
  play: expectStates([
    'loading',
    'orders',
    'openOrder',
    'fetching',
    'fetched',
    'unavailable',
    'loadFailed',
    'empty',
    'loaded',
    'idle',
    'closing',
    'refreshing',
    'hasNoOrders',
    'settleOpenOrder',
    'dashboard.retry',
    'order.close',
    'isOpenOrder',
    'markClosed',
  ]),
};

export const Feedback: Story = {
  name: 'Feedback',
  args: { title: 'feedbackMachine', file: 'docs/machines/feedback.mmd', source: feedback },
  play: expectStates(['editing', 'sending', 'sent', 'feedback.send', 'startAttempt', 'storeFailure']),
};

export const OrderLifecycle: Story = {
  name: 'Order lifecycle (statuses, who moves them)',
  args: { title: 'orderLifecycleMachine', file: 'docs/machines/order-lifecycle.mmd', source: orderLifecycle },
  play: expectStates([
    'draft',
    'quoted',
    'checks',
    'incomplete',
    'underwriter_review',
    'missing_info',
    'application_under_review',
    'approved',
    'awaiting_payment',
    'bound',
    'complete',
    'declined',
    'close_lost',
    'order.buyNow',
    'order.requestInfo',
    'order.resubmit',
    'order.sendToCloseLost',
    'byUnderwriter',
  ]),
};

/**
 * Where each status screen sits in the order's life: the lifecycle diagram generated from the
 * machine, with the statuses that screen shows (the machine's statusScreen) picked out.
 */
function lifecycleOn(screen: StatusScreen): Story {
  const statuses = statusesShownOn(screen);
  return {
    name: `Order lifecycle: where ${screen} sits`,
    args: {
      title: `orderLifecycleMachine: ${screen} shows ${statuses.join(' and ')}`,
      file: 'docs/machines/order-lifecycle.mmd',
      source: lifecycleDiagramFor(orderLifecycle, screen),
    },
    play: async (context) => {
      await expectStates(['draft', 'quoted', 'order.sendToCloseLost'])(context);
      const source = within(context.canvasElement).getByRole('article').querySelector('pre')?.textContent ?? '';
      await expect(statuses.length).toBeGreaterThan(0);
      for (const status of statuses) {
        // The status's own state, as the diagram declares it (inside the open order, or not).
        const id = /state "(?:\w+)" as (\w+)/.exec(source.slice(source.indexOf(`state "${status}" as `)))?.[1];
        await expect(id, `${status} is a state of the diagram`).toMatch(new RegExp(`^(open_)?${status}$`));
        await expect(source).toContain(`class ${id} here`);
      }
      // Only this screen's statuses are picked out.
      await expect(source.match(/^\s*class \w+ here$/gm)).toHaveLength(statuses.length);
    },
  };
}

export const LifecycleIncompleteOrder = lifecycleOn('incomplete-order');
export const LifecycleIncompleteMissingInfo = lifecycleOn('incomplete-missing-info');
export const LifecycleIncompleteReviewUnderwriter = lifecycleOn('incomplete-review-underwriter');
export const LifecycleApplicationUnderReview = lifecycleOn('application-under-review');
export const LifecycleCompleteOrder = lifecycleOn('complete-order');

export const Certificates: Story = {
  name: 'Certificates of insurance (issue, download at once, download again)',
  args: { title: 'certificatesMachine', file: 'docs/machines/certificates.mmd', source: certificates },
  play: expectStates([
    'loading',
    'loadFailed',
    'ready',
    'idle',
    'issuing',
    'issueFailed',
    'downloading',
    'certificate.issue',
    'certificate.download',
    'certificates.retry',
  ]),
};

export const Cancellation: Story = {
  name: 'Cancel your policy (the day previewed, confirmed once, then the notice and the tail)',
  args: { title: 'cancellationMachine', file: 'docs/machines/cancellation.mmd', source: cancellation },
  play: expectStates([
    'loading',
    'loadFailed',
    'cancelling',
    'choosing',
    'previewing',
    'previewed',
    'previewFailed',
    'dateRefused',
    'confirming',
    'asking',
    'submitting',
    'refused',
    'concluded',
    'downloadingNotice',
    'buyingTail',
    'payingTail',
    'leavingForCheckout',
    'cancellation.date',
    'cancellation.review',
    'cancellation.confirm',
    'tail.buy',
    'tail.pay',
    'notice.download',
  ]),
};

export const Endorsements: Story = {
  name: 'Change your policy (priced as it is chosen, confirmed once, issued or paid)',
  args: { title: 'endorsementsMachine', file: 'docs/machines/endorsements.mmd', source: endorsements },
  play: expectStates([
    'loading',
    'loadFailed',
    'notInForce',
    'editing',
    'choosing',
    'waiting',
    'previewing',
    'previewFailed',
    'previewed',
    'confirming',
    'issued',
    'downloading',
    'referred',
    'awaitingPayment',
    'opening',
    'leaving',
    'change.edit',
    'change.confirm',
    'preview.retry',
    'endorsement.download',
    'endorsement.pay',
    'policy.retry',
  ]),
};

export const PolicyHistory: Story = {
  name: 'Your policy (choose one, its standing and history, download an endorsement)',
  args: { title: 'policyHistoryMachine', file: 'docs/machines/policy-history.mmd', source: policyHistory },
  play: expectStates([
    'starting',
    'choosing',
    'picking',
    'openingOnly',
    'loading',
    'loadFailed',
    'ready',
    'downloadingEndorsement',
    'downloadingDeclarations',
    'endorsement.download',
    'declarations.download',
    'policy.retry',
  ]),
};

export const VerifyCertificate: Story = {
  name: 'Verify a certificate (the public check of a code)',
  args: { title: 'verifyCertificateMachine', file: 'docs/machines/verify-certificate.mmd', source: verifyCertificate },
  play: expectStates([
    'reading',
    'checking',
    'found',
    'notFound',
    'malformed',
    'rateLimited',
    'failed',
    'verification.retry',
  ]),
};

export const PolicyLifecycle: Story = {
  name: 'Policy lifecycle (after the sale)',
  args: { title: 'policyLifecycleMachine', file: 'docs/machines/policy-lifecycle.mmd', source: policyLifecycle },
  play: expectStates([
    'current',
    'inForce',
    'cancellationNotice',
    'cancelled',
    'expired',
    'renewed',
    'policy.endorse',
    'policy.cancel',
    'policy.buyTail',
  ]),
};

export const ClaimLifecycle: Story = {
  name: 'Claim lifecycle (reported to closed)',
  args: { title: 'claimLifecycleMachine', file: 'docs/machines/claim-lifecycle.mmd', source: claimLifecycle },
  play: expectStates([
    'open',
    'reported',
    'acknowledged',
    'underReview',
    'closed',
    'claim.acknowledge',
    'claim.review',
    'claim.close',
    'claim.reopen',
  ]),
};

export const BrokerBook: Story = {
  name: 'Broker’s book (status kept in the address)',
  args: { title: 'brokerBookMachine', file: 'docs/machines/broker-book.mmd', source: brokerBook },
  play: expectStates([
    'loading',
    'loadFailed',
    'notTied',
    'empty',
    'loaded',
    'book.filter',
    'book.sync',
    'book.retry',
    'showStatus',
  ]),
};

export const AdminBrokers: Story = {
  name: 'Administration: brokers (client URL checked as typed, record then logo)',
  args: { title: 'adminBrokersMachine', file: 'docs/machines/admin-brokers.mmd', source: adminBrokers },
  play: expectStates([
    'loading',
    'list',
    'editor',
    'form',
    'waiting',
    'checking',
    'saving',
    'savingLogo',
    'confirmingDeactivate',
    'switching',
    'refreshing',
    'clientUrl.change',
  ]),
};

export const AdminCatalog: Story = {
  name: 'Administration: specialities and categories (retiring asks first)',
  args: { title: 'adminCatalogMachine', file: 'docs/machines/admin-catalog.mmd', source: adminCatalog },
  play: expectStates([
    'loading',
    'loadFailed',
    'list',
    'editor',
    'form',
    'saving',
    'confirmingRetire',
    'switching',
    'speciality.add',
    'retire.confirm',
  ]),
};

export const AdminQuestions: Story = {
  name: 'Administration: a speciality’s questions (moved by the whole order)',
  args: { title: 'adminQuestionsMachine', file: 'docs/machines/admin-questions.mmd', source: adminQuestions },
  play: expectStates([
    'loading',
    'loadFailed',
    'list',
    'editor',
    'form',
    'saving',
    'moving',
    'switching',
    'question.move',
    'question.retire',
  ]),
};

export const AdminRateTables: Story = {
  name: 'Administration: rate tables (a change is a new version)',
  args: { title: 'adminRateTablesMachine', file: 'docs/machines/admin-rate-tables.mmd', source: adminRateTables },
  play: expectStates([
    'loadingChoices',
    'choosing',
    'loading',
    'ready',
    'saving',
    'importing',
    'exporting',
    'tables.select',
    'rates.save',
    'csv.import',
    'showSelection',
  ]),
};

export const AdminUsers: Story = {
  name: 'Administration: users (role changes and unlocking)',
  args: { title: 'adminUsersMachine', file: 'docs/machines/admin-users.mmd', source: adminUsers },
  play: expectStates([
    'loading',
    'loadFailed',
    'list',
    'roleDialog',
    'editing',
    'saving',
    'unlocking',
    'users.search',
    'role.save',
    'showFilters',
  ]),
};

export const AdminAudit: Story = {
  name: 'Administration: audit log (filters kept in the address)',
  args: { title: 'adminAuditMachine', file: 'docs/machines/admin-audit.mmd', source: adminAudit },
  play: expectStates(['loading', 'loadFailed', 'loaded', 'audit.filter', 'audit.sync', 'audit.retry', 'showFilters']),
};

export const AdminJobs: Story = {
  name: 'Administration: scheduled work (queues, failed jobs, run again)',
  args: { title: 'adminJobsMachine', file: 'docs/machines/admin-jobs.mmd', source: adminJobs },
  play: expectStates(['loading', 'loadFailed', 'loaded', 'retrying', 'jobs.retry', 'jobs.reload']),
};

export const UnderwritingQueue: Story = {
  name: 'Underwriting queue (filters kept in the address)',
  args: { title: 'underwritingQueueMachine', file: 'docs/machines/underwriting-queue.mmd', source: underwritingQueue },
  play: expectStates([
    'loading',
    'loadFailed',
    'empty',
    'loaded',
    'queue.filter',
    'queue.sync',
    'queue.retry',
    'showFilters',
  ]),
};

export const UnderwritingReview: Story = {
  name: 'Underwriting review (decisions with the version loaded)',
  args: {
    title: 'underwritingReviewMachine',
    file: 'docs/machines/underwriting-review.mmd',
    source: underwritingReview,
  },
  play: expectStates([
    'checking',
    'loading',
    'loadFailed',
    'notFound',
    'ready',
    'deciding',
    'submitting',
    'refreshing',
    'decision.open',
    'decision.submit',
    'decision.cancel',
    'review.retry',
    'isConflict',
  ]),
};

export const Claim: Story = {
  name: 'A claim, as the insured follows it (messages and attachments at once)',
  args: { title: 'claimMachine', file: 'docs/machines/claim.mmd', source: claim },
  play: expectStates([
    'loading',
    'loadFailed',
    'notFound',
    'refreshing',
    'ready',
    'conversation',
    'attachments',
    'sending',
    'uploading',
    'message.send',
    'files.upload',
    'claim.retry',
  ]),
};

export const ClaimHandling: Story = {
  name: 'A claim on the claims desk (moves, note, messages)',
  args: { title: 'claimHandlingMachine', file: 'docs/machines/claim-handling.mmd', source: claimHandling },
  play: expectStates([
    'loading',
    'loadFailed',
    'notFound',
    'refreshing',
    'ready',
    'moves',
    'moving',
    'sending',
    'move.submit',
    'message.send',
  ]),
};

export const ClaimsDesk: Story = {
  name: 'Claims desk queue (by status, waiting on you first)',
  args: { title: 'claimsDeskMachine', file: 'docs/machines/claims-desk.mmd', source: claimsDesk },
  play: expectStates(['loading', 'loadFailed', 'empty', 'loaded', 'queue.filter', 'queue.sync', 'queue.retry']),
};

export const EndorsementsDesk: Story = {
  name: 'Referred changes desk (approve, or decline with a reason)',
  args: { title: 'endorsementsDeskMachine', file: 'docs/machines/endorsements-desk.mmd', source: endorsementsDesk },
  play: expectStates([
    'loading',
    'loadFailed',
    'empty',
    'browsing',
    'confirming',
    'deciding',
    'refreshing',
    'decision.start',
    'decision.submit',
    'decision.cancel',
    'desk.retry',
  ]),
};

export const Renewal: Story = {
  name: 'Renew your policy (the offer, the new questions, accept and pay in one step)',
  args: { title: 'renewalMachine', file: 'docs/machines/renewal.mmd', source: renewal },
  play: expectStates([
    'loading',
    'loadFailed',
    'offered',
    'accepting',
    'toCheckout',
    'settled',
    'renewal.answer',
    'renewal.accept',
    'renewal.retry',
  ]),
};

export const PayInstalment: Story = {
  name: 'Pay your instalment (the mailed link, the checkout, back paid)',
  args: { title: 'payInstalmentMachine', file: 'docs/machines/pay-instalment.mmd', source: payInstalment },
  play: expectStates([
    'loading',
    'shown',
    'opening',
    'leaving',
    'reloading',
    'confirming',
    'waiting',
    'paid',
    'notFound',
    'instalment.pay',
    'instalment.retry',
  ]),
};

export const Instalments: Story = {
  name: 'Your payments (the dashboard’s payment plans)',
  args: { title: 'instalmentsMachine', file: 'docs/machines/instalments.mmd', source: instalments },
  play: expectStates(['loading', 'none', 'shown', 'failed', 'instalments.retry']),
};

export const OverdueInstalments: Story = {
  name: 'Overdue instalments (the broker’s book)',
  args: {
    title: 'overdueInstalmentsMachine',
    file: 'docs/machines/overdue-instalments.mmd',
    source: overdueInstalments,
  },
  play: expectStates(['loading', 'none', 'shown', 'failed', 'overdue.retry']),
};

export const RenewalOffers: Story = {
  name: 'Dashboard renewal card (the renewals to act on, or nothing)',
  args: { title: 'renewalOffersMachine', file: 'docs/machines/renewal-offers.mmd', source: renewalOffers },
  play: expectStates(['loading', 'none', 'shown', 'failed', 'renewals.retry']),
};
