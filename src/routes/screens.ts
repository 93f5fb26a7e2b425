/**
 * The one table of screens. `npm run routes` generates the plain route and its broker-branded
 * twin for each row (src/routes/route-tree.gen.ts); nothing else declares a route.
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
  readonly guard?: 'alwaysAllow' | 'requireSignedIn';
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
  { name: 'forgotpassword', path: 'forgotpassword', title: 'Reset your password', module: 'forgotpassword/forgot-password-screen' },
  {
    name: 'changepassword',
    path: 'changepassword/$token',
    title: 'Choose a new password',
    module: 'changepassword/change-password-screen',
  },
  {
    name: 'signupconfirmation',
    path: 'signupconfirmation',
    title: 'Welcome',
    module: 'signupconfirmation/signup-confirmation-screen',
    guard: 'requireSignedIn',
  },
  { name: 'page-not-found', path: 'page-not-found', title: 'Page not found', module: 'page-not-found/page-not-found-screen' },
] as const satisfies readonly ScreenDefinition[];

export type ScreenName = (typeof screens)[number]['name'];

/** The branded twin: client/{screen}[/{params}]/{clientid}. */
export function brandedPath(path: string): string {
  return `client/${path}/$clientid`;
}
