/**
 * The one table of screens, shared by the client's router and the server (the HTML shell's
 * preloads, the screens its answers name). `npm run routes` generates the plain route and its
 * broker-branded twin for each row (src/routes/route-tree.gen.ts); nothing else declares a route.
 */
export interface ScreenDefinition {
  /** The route's name as the specification writes it; also the screen root's data-screen. */
  readonly name: string;
  /** The plain path without a leading slash, TanStack style params (`order/$submissionid`). */
  readonly path: string;
  /** Extra plain paths that show the same screen ('' is the site root). */
  readonly aliases?: readonly string[];
  /** The document title while the screen shows (WCAG 2.4.2). */
  readonly title: string;
  /** Module under src/screens whose default export is the screen. */
  readonly module: string;
  /** Export of src/routes/search-params.ts that validates the query string. */
  readonly search?: string;
  /** Export of src/routes/guards.ts run as the route's beforeLoad. */
  readonly guard?: 'alwaysAllow' | 'requireSignedIn' | 'requireUnderwriter' | 'requireBroker' | 'requireAdmin';
}

export const screens = [
  {
    name: 'landing',
    path: 'landing',
    aliases: [''],
    title: 'Professional liability by speciality',
    module: 'landing/landing-screen',
    search: 'landingSearch',
  },
  {
    name: 'signup',
    path: 'signup',
    title: 'Create your account',
    module: 'signup/signup-screen',
    guard: 'alwaysAllow',
  },
  {
    name: 'login',
    path: 'login',
    title: 'Log in',
    module: 'login/login-screen',
    search: 'loginSearch',
    guard: 'alwaysAllow',
  },
  {
    name: 'forgotpassword',
    path: 'forgotpassword',
    title: 'Reset your password',
    module: 'forgot-password/forgot-password-screen',
  },
  {
    name: 'changepassword',
    path: 'changepassword/$token',
    title: 'Choose a new password',
    module: 'change-password/change-password-screen',
  },
  {
    name: 'dashboard',
    path: 'dashboard',
    title: 'Your dashboard',
    module: 'dashboard/dashboard-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'order',
    path: 'order/$submissionid',
    title: 'Your order',
    module: 'order/order-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'editorder',
    path: 'editorder',
    title: 'Edit your order',
    module: 'edit-order/edit-order-screen',
    search: 'editOrderSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'signupconfirmation',
    path: 'signupconfirmation',
    title: 'Welcome',
    module: 'signup-confirmation/signup-confirmation-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'payment',
    path: 'payment',
    title: 'Payment',
    module: 'payment/payment-screen',
    search: 'paymentSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'paymentconfirm',
    path: 'paymentconfirm',
    title: 'Payment confirmation',
    module: 'payment-confirm/payment-confirm-screen',
    search: 'paymentConfirmSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'document',
    path: 'document',
    title: 'Your documents',
    module: 'documents/documents-screen',
    guard: 'requireSignedIn',
  },
  { name: 'quotes', path: 'quotes', title: 'Your quote', module: 'quote/quote-screen' },
  {
    name: 'contacts',
    path: 'contacts',
    title: 'Contacts',
    module: 'contacts/contacts-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'locations',
    path: 'locations',
    title: 'Locations',
    module: 'locations/locations-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'additionally-insured',
    path: 'additionally-insured',
    title: 'Additional insureds',
    module: 'additional-insureds/additional-insureds-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'claims',
    path: 'claims',
    title: 'Claims',
    module: 'claims/claims-screen',
    guard: 'requireSignedIn',
    search: 'claimsSearch',
  },
  // Claims an insured can follow (issue 19): one claim's progress, messages and attachments.
  {
    name: 'claim',
    path: 'claim/$claimid',
    title: 'Your claim',
    module: 'claim/claim-screen',
    guard: 'requireSignedIn',
  },
  // Certificates of insurance on demand (issue 19): the insured's, and the public check of one.
  {
    name: 'certificates',
    path: 'certificates',
    title: 'Certificates of insurance',
    module: 'certificates/certificates-screen',
    search: 'certificatesSearch',
    guard: 'requireSignedIn',
  },
  // The policy after the sale (issue 19): its standing and history, mid-term changes, cancellation and tail.
  {
    name: 'policy-history',
    path: 'policy',
    title: 'Your policy',
    module: 'policy-history/policy-history-screen',
    search: 'policySearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'endorsements',
    path: 'policy/changes',
    title: 'Change your policy',
    module: 'endorsements/endorsements-screen',
    search: 'policySearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'cancellation',
    path: 'policy/cancel',
    title: 'Cancel your policy',
    module: 'cancellation/cancellation-screen',
    search: 'policySearch',
    guard: 'requireSignedIn',
  },
  // The renewal offer (issue 20): the next period priced, only new or changed questions asked, accepted and paid in one step.
  {
    name: 'renewal',
    path: 'policy/renewal',
    title: 'Renew your policy',
    module: 'renewal/renewal-screen',
    search: 'policySearch',
    guard: 'requireSignedIn',
  },
  // A later instalment of a payment plan (issue 20), as its mailed link names it: one button to the hosted checkout.
  {
    name: 'pay-instalment',
    path: 'policy/instalment',
    title: 'Pay your instalment',
    module: 'pay-instalment/pay-instalment-screen',
    search: 'instalmentSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'verify-certificate',
    path: 'verify-certificate/$code',
    title: 'Check a certificate of insurance',
    module: 'verify-certificate/verify-certificate-screen',
  },
  {
    name: 'ordersummary',
    path: 'ordersummary/$submissionid',
    title: 'Order summary',
    module: 'order-summary/order-summary-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'questionlist',
    path: 'questionlist',
    title: 'About your practice',
    module: 'question-list/question-list-screen',
  },
  {
    name: 'complete-order',
    path: 'complete-order',
    title: 'Order complete',
    module: 'complete-order/complete-order-screen',
    search: 'orderSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'incomplete-order',
    path: 'incomplete-order',
    title: 'Your order needs a few more details',
    module: 'incomplete-order/incomplete-order-screen',
    search: 'orderSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'specialities',
    path: 'specialities',
    title: 'Specialities',
    module: 'specialities/specialities-screen',
    search: 'specialitiesSearch',
  },
  {
    name: 'feedback',
    path: 'feedback',
    title: 'Feedback',
    module: 'feedback/feedback-screen',
    guard: 'requireSignedIn',
  },
  {
    name: 'incomplete-missing-info',
    path: 'incomplete-missing-info',
    title: 'More information needed',
    module: 'incomplete-missing-info/incomplete-missing-info-screen',
    search: 'orderSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'incomplete-review-underwriter',
    path: 'incomplete-review-underwriter',
    title: 'With an underwriter',
    module: 'incomplete-review-underwriter/incomplete-review-underwriter-screen',
    search: 'orderSearch',
    guard: 'requireSignedIn',
  },
  {
    name: 'application-under-review',
    path: 'application-under-review',
    title: 'Application under review',
    module: 'application-under-review/application-under-review-screen',
    search: 'orderSearch',
    guard: 'requireSignedIn',
  },
  // The underwriter's desk (issue 7): role underwriter or admin; anyone else sees page-not-found.
  {
    name: 'underwriting',
    path: 'underwriting',
    title: 'Underwriting desk',
    module: 'underwriting-queue/underwriting-queue-screen',
    search: 'underwritingSearch',
    guard: 'requireUnderwriter',
  },
  {
    name: 'underwriting-review',
    path: 'underwriting/$submissionid',
    title: 'Review a submission',
    module: 'underwriting-review/underwriting-review-screen',
    guard: 'requireUnderwriter',
  },
  // The handler's claims desk (issue 19): the queue by status, and one claim (?claimid) to move and answer.
  {
    name: 'claims-desk',
    path: 'underwriting/claims',
    title: 'Claims desk',
    module: 'claims-desk/claims-desk-screen',
    guard: 'requireUnderwriter',
  },
  // Referred mid-term changes (issue 19): approve or decline a change the rules referred.
  {
    name: 'endorsements-desk',
    path: 'underwriting/endorsements',
    title: 'Referred changes',
    module: 'endorsements-desk/endorsements-desk-screen',
    guard: 'requireUnderwriter',
  },
  // The broker's own book (issue 9): role broker; anyone else sees page-not-found.
  {
    name: 'broker',
    path: 'broker',
    title: 'Your book',
    module: 'broker-book/broker-book-screen',
    search: 'brokerBookSearch',
    guard: 'requireBroker',
  },
  // Administration (issue 9): role admin; anyone else sees page-not-found.
  {
    name: 'admin-brokers',
    path: 'admin/brokers',
    title: 'Brokers',
    module: 'admin-brokers/admin-brokers-screen',
    guard: 'requireAdmin',
  },
  // Scheduled work (issue 20): queues, failed jobs with their error, retry.
  {
    name: 'admin-jobs',
    path: 'admin/jobs',
    title: 'Scheduled work',
    module: 'admin-jobs/admin-jobs-screen',
    guard: 'requireAdmin',
  },
  {
    name: 'admin-ratetables',
    path: 'admin/ratetables',
    title: 'Rate tables',
    module: 'admin-rate-tables/admin-rate-tables-screen',
    search: 'adminRateTablesSearch',
    guard: 'requireAdmin',
  },
  {
    name: 'admin-specialities',
    path: 'admin/specialities',
    title: 'Specialities',
    module: 'admin-catalog/admin-catalog-screen',
    guard: 'requireAdmin',
  },
  {
    name: 'admin-questions',
    path: 'admin/specialities/$specialityid/questions',
    title: 'Questions',
    module: 'admin-questions/admin-questions-screen',
    guard: 'requireAdmin',
  },
  {
    name: 'admin-users',
    path: 'admin/users',
    title: 'Users',
    module: 'admin-users/admin-users-screen',
    search: 'adminUsersSearch',
    guard: 'requireAdmin',
  },
  {
    name: 'admin-audit',
    path: 'admin/audit',
    title: 'Audit log',
    module: 'admin-audit/admin-audit-screen',
    search: 'adminAuditSearch',
    guard: 'requireAdmin',
  },
  // The site's privacy notice and terms of use (issue 16), linked from every page's footer.
  { name: 'privacy', path: 'privacy', title: 'Privacy notice', module: 'privacy/privacy-screen' },
  { name: 'terms', path: 'terms', title: 'Terms of use', module: 'terms/terms-screen' },
  {
    name: 'page-not-found',
    path: 'page-not-found',
    title: 'Page not found',
    module: 'page-not-found/page-not-found-screen',
  },
] as const satisfies readonly ScreenDefinition[];

export type ScreenName = (typeof screens)[number]['name'];

/** The table's row for one screen. */
export type ScreenOf<S extends ScreenName> = Extract<(typeof screens)[number], { name: S }>;

type ParamNames<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}$${infer Name}`
    ? Name
    : never;

/** The path parameters a screen's plain route takes (`submissionid` for order), never clientid. */
export type ScreenParamName<S extends ScreenName> = ParamNames<ScreenOf<S>['path']>;

/** The screen's plain route as TanStack names it; landing's is the site root. */
export type PlainRoutePath<S extends ScreenName> = S extends 'landing' ? '/' : `/${ScreenOf<S>['path']}`;

/** The screen's branded route: client/{screen}[/{params}]/{clientid}. */
export type BrandedRoutePath<S extends ScreenName> = `/client/${ScreenOf<S>['path']}/$clientid`;

/** The branded child path under the client route: {screen}[/{params}]/{clientid}. */
export function brandedChildPath(path: string): string {
  return `${path}/$clientid`;
}
