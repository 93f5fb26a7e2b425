import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import auth from '../docs/machines/auth.mmd?raw';
import changePassword from '../docs/machines/change-password.mmd?raw';
import chosenSpeciality from '../docs/machines/chosen-speciality.mmd?raw';
import dashboard from '../docs/machines/dashboard.mmd?raw';
import defaultSpeciality from '../docs/machines/default-speciality.mmd?raw';
import editOrder from '../docs/machines/edit-order.mmd?raw';
import feedback from '../docs/machines/feedback.mmd?raw';
import forgotPassword from '../docs/machines/forgot-password.mmd?raw';
import googleSignIn from '../docs/machines/google-sign-in.mmd?raw';
import orderDetails from '../docs/machines/order-details.mmd?raw';
import orderLifecycle from '../docs/machines/order-lifecycle.mmd?raw';
import quote from '../docs/machines/quote.mmd?raw';
import recordList from '../docs/machines/record-list.mmd?raw';
import specialityCatalog from '../docs/machines/speciality-catalog.mmd?raw';
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
    'after refreshDelay',
    'auth.unauthorized',
    'goToLanding',
    'clearAllCookies',
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
  play: expectStates([
    'loadingQuestions',
    'questionnaireFailed',
    'locating',
    'checkingZip',
    'locateFailed',
    'notOffered',
    'answering',
    'pricing',
    'calculating',
    'quoted',
    'unpriceable',
    'pricingFailed',
    'saving',
    'saveFailed',
    'saved',
    'quote.choose',
    'quote.price',
    'quote.save',
    'showQuestions',
    'showSaved',
  ]),
};

export const OrderDetails: Story = {
  name: 'Order details',
  args: { title: 'orderDetailsMachine', file: 'docs/machines/order-details.mmd', source: orderDetails },
  play: expectStates(['loading', 'loaded', 'notFound', 'failed', 'isNotFound', 'order.retry']),
};

export const EditOrder: Story = {
  name: 'Edit order (named insured and locations, priced again)',
  args: { title: 'editOrderMachine', file: 'docs/machines/edit-order.mmd', source: editOrder },
  play: expectStates([
    'checking',
    'loading',
    'loadFailed',
    'notFound',
    'ready',
    'savingInsured',
    'savingLocations',
    'confirmingRemove',
    'removingPlanLocation',
    'refreshing',
    'order.retry',
    'locations.toggle',
    'locations.update',
    'insured.save',
    'planLocation.remove',
    'remove.confirm',
    'nothingChanged',
    'leavesNone',
    'isConflict',
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
    'hasNoOrders',
    'settleOpenOrder',
    'dashboard.retry',
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
