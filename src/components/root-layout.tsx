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

/** Signed out: "Log in" and "Sign up"; signed in: the user's first name (to the dashboard) and "Sign out". */
function AccountNav() {
  const auth = useAuth();
  const restoring = useSelector(auth, isRestoring);
  const user = useSelector(auth, signedInUser);
  const signingOut = useSelector(auth, (snapshot) => snapshot.hasTag('signingOut'));
  // Until a stored session is confirmed or dropped, show neither, rather than the wrong one.
  if (restoring) return <nav className="account-nav" aria-label="Account" aria-busy="true" />;
  return (
    <nav className="account-nav" aria-label="Account">
      {user ? (
        <>
          {/* Only those who may open the desk see it (its guard answers everyone else "not found"). */}
          {worksTheDesk(user) && (
            <ScreenLink screen="underwriting" className="account-nav__link">
              Underwriting desk
            </ScreenLink>
          )}
          {keepsABook(user) && (
            <ScreenLink screen="broker" className="account-nav__link">
              Your book
            </ScreenLink>
          )}
          {administers(user) && (
            <ScreenLink screen="admin-brokers" className="account-nav__link">
              Administration
            </ScreenLink>
          )}
          {/* The name leads to the account: orders, contacts, locations, claims. */}
          <ScreenLink screen="dashboard" className="account-nav__link account-nav__user">
            <span className="visually-hidden">Your dashboard. Signed in as </span>
            {user.firstname}
          </ScreenLink>
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
        </>
      ) : (
        <>
          <ScreenLink screen="login" className="account-nav__link">
            Log in
          </ScreenLink>
          <ScreenLink screen="signup" className="button button--header">
            Sign up
          </ScreenLink>
        </>
      )}
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
