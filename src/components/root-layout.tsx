import { Outlet, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { BrokerBrand } from '@/components/broker-brand';
import { ScreenLink } from '@/components/screen-link';
import { SiteFooter } from '@/components/site-footer';
import { useAuth } from '@/components/use-auth';
import { isRestoring, signedInUser } from '@/machines/auth.machine';
import { administers, keepsABook, worksTheDesk } from '@/routes/guards';
import { useBrokerLookup, useClientArea } from '@/routes/use-broker';

export function RootLayout() {
  const { config } = useRouter().options.context;
  const clientArea = useClientArea();
  const lookup = useBrokerLookup();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!config.production && (
        <p className="demo-ribbon">Demo environment: prices are illustrative and no cover is bound.</p>
      )}
      <header className="site-header">
        <div className="site-header__inner">
          {clientArea && lookup?.status === 'found' ? (
            // In a broker's client area its logo, abbreviation and name lead (specification §1).
            <BrokerBrand details={lookup.details} />
          ) : (
            <ScreenLink screen="landing" className="brand">
              <BrandMark /> Practice Shield
            </ScreenLink>
          )}
          <AccountNav />
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * The account's own pages, on every signed-in screen of an insured. Staff accounts (desk, book,
 * administration) have their work's link instead: they buy nothing here.
 */
const INSURED_PAGES = [
  { screen: 'dashboard', label: 'Dashboard' },
  { screen: 'document', label: 'Documents' },
  { screen: 'claims', label: 'Claims' },
  // Contacts: who the account's orders name (locations and the rest are the dashboard's links).
  { screen: 'contacts', label: 'Account details' },
] as const;

/**
 * Signed out: "Log in" and "Sign up". Signed in: the account's pages (the current one marked
 * aria-current="page" by the router's link), who is signed in, and "Sign out".
 */
function AccountNav() {
  const auth = useAuth();
  const restoring = useSelector(auth, isRestoring);
  const user = useSelector(auth, signedInUser);
  const signingOut = useSelector(auth, (snapshot) => snapshot.hasTag('signingOut'));
  // Until a stored session is confirmed or dropped, show neither, rather than the wrong one.
  if (restoring) return <nav className="account-nav" aria-label="Account" aria-busy="true" />;
  if (!user) {
    return (
      <nav className="account-nav" aria-label="Account">
        <ScreenLink screen="login" className="account-nav__link">
          Log in
        </ScreenLink>
        <ScreenLink screen="signup" className="button button--header">
          Sign up
        </ScreenLink>
      </nav>
    );
  }
  const staff = worksTheDesk(user) || keepsABook(user) || administers(user);
  return (
    <nav className="account-nav account-nav--signed-in" aria-label="Account">
      <ul className="account-nav__pages">
        {!staff &&
          INSURED_PAGES.map((page) => (
            <li key={page.screen}>
              <ScreenLink screen={page.screen} className="account-nav__link">
                {page.label}
              </ScreenLink>
            </li>
          ))}
        {/* Only those who may open the desk see it (its guard answers everyone else "not found"). */}
        {worksTheDesk(user) && (
          <li>
            <ScreenLink screen="underwriting" className="account-nav__link">
              Underwriting desk
            </ScreenLink>
          </li>
        )}
        {keepsABook(user) && (
          <li>
            <ScreenLink screen="broker" className="account-nav__link">
              Your book
            </ScreenLink>
          </li>
        )}
        {administers(user) && (
          <li>
            <ScreenLink screen="admin-brokers" className="account-nav__link">
              Administration
            </ScreenLink>
          </li>
        )}
      </ul>
      <div className="account-nav__session">
        <span className="account-nav__user breaks-anywhere">
          <span className="visually-hidden">Signed in as </span>
          {user.firstname}
        </span>
        <button
          type="button"
          className="button button--header"
          // Stays focusable while signing out (disabled would drop focus to the page); repeats are ignored.
          aria-disabled={signingOut || undefined}
          onClick={() => {
            if (!signingOut) auth.send({ type: 'auth.signOut' });
          }}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </nav>
  );
}

function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2 4 6v9c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V6z" fill="currentColor" />
      <path d="m10 16 4 4 8-8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
