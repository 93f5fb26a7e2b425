import { useSelector } from '@xstate/react';
import { ScreenLink } from '@/components/screen-link';
import { useAuth } from '@/components/use-auth';
import { signedInUser } from '@/machines/auth.machine';

/** After sign-up (the route requires a signed-in user: src/routes/guards.ts). */
export default function SignupConfirmationScreen() {
  const user = useSelector(useAuth(), signedInUser);
  return (
    <section
      data-screen="signupconfirmation"
      className="screen screen--narrow auth-screen"
      aria-labelledby="welcome-title"
    >
      <p className="eyebrow">Account created</p>
      <h1 id="welcome-title">{user ? `Welcome, ${user.firstname}!` : 'Welcome!'}</h1>
      {user && (
        <p>
          Your account for <strong>{user.email}</strong> is ready, and you are signed in.
        </p>
      )}
      <h2 className="auth-screen__subtitle">What happens next</h2>
      <ol className="steps">
        <li>Pick your speciality and answer a few questions about your practice.</li>
        <li>Compare limits, deductibles and payment plans, with every factor of the price shown.</li>
        <li>Buy online and download your policy documents straight away.</li>
      </ol>
      <p>
        <ScreenLink screen="landing" className="button">
          Choose your speciality
        </ScreenLink>
      </p>
    </section>
  );
}
