import { ScreenLink } from '@/components/screen-link';
import { InsurerLine } from '@/components/trust/insurer-line';
import { SupportPhone } from '@/components/trust/support-phone';
import '@/styles/legal.css';
import '@/styles/trust.css';

/** The terms of using the site: accounts, quotes until bound, answers, payment, cancellation, conduct. */
export default function TermsScreen() {
  return (
    <article data-screen="terms" className="screen legal" aria-labelledby="terms-title">
      <p className="eyebrow">Terms of use</p>
      <h1 id="terms-title">Using Practice Shield</h1>
      <p className="legal__lead">
        These terms apply whenever you use this site, with or without an account. They are written to be read: if
        anything is unclear, ask us before you buy. The policy you buy has its own wording, which governs your cover.
      </p>

      <h2>Who we are</h2>
      <p>
        Practice Shield is an online insurance agency. We arrange professional liability insurance; the insurer named
        below underwrites it and pays claims under the policy. We are licensed as an insurance producer in the states
        listed below. If you reached us through a broker&rsquo;s page, that broker arranges your insurance with us and
        sees the orders you place.
      </p>
      <InsurerLine />

      <h2>Your account</h2>
      <ul>
        <li>Give true and complete details, and keep them up to date.</li>
        <li>
          Keep your password to yourself. You are responsible for what is done with your account until you tell us it
          was misused.
        </li>
        <li>An account is for one person. Someone buying for a firm should be entitled to act for it.</li>
      </ul>

      <h2>Quotes are indicative until the policy is bound</h2>
      <p>
        A price on this site is worked out from your answers and the insurer&rsquo;s rates on the day, and each quote
        explains how. It is not an offer of cover. It may change if your answers change, if an underwriter reviews your
        application, or if the rates change before you buy. Some applications are referred to an underwriter, who may
        ask for more information, change the price or decline.
      </p>
      <p>
        You are covered only once the policy is bound: when your first payment has been taken and we issue the binder
        and the policy. Until then, saving or even accepting a quote gives no cover.
      </p>

      <h2>Your answers</h2>
      <p>
        The insurer relies on your answers to the application questions. Answer them truly and completely, and tell us
        if anything changes before the policy is bound. A wrong or missing answer can mean a different price, a claim
        that is not paid, or a policy that is cancelled.
      </p>

      <h2>Paying</h2>
      <p>
        You pay through the payment provider&rsquo;s secure checkout, for the year at once or in instalments as the
        payment plan you choose says. If an instalment is not paid, we send a notice before the policy can be cancelled
        for non-payment, and paying within the notice keeps it in force.
      </p>

      <h2>Cancelling</h2>
      <ul>
        <li>
          <strong>You</strong> may cancel your policy at any time by telling us. We refund the premium for the time left
          in the policy year, worked out as your policy and your state&rsquo;s rules set out.
        </li>
        <li>
          <strong>The insurer</strong> may cancel only for the reasons the policy and your state&rsquo;s law allow, such
          as non-payment or a material misstatement in the application, and only after written notice given as that law
          requires.
        </li>
        <li>
          The policy covers claims first made and reported while it is in force. When it ends, you may be offered an
          extended reporting period (&ldquo;tail&rdquo;) to report later claims about work done while it was in force.
        </li>
      </ul>

      <h2>Documents and signatures</h2>
      <p>
        We deliver documents electronically and you may sign your application electronically, as our{' '}
        <ScreenLink screen="privacy">privacy notice</ScreenLink> explains; you can ask for paper copies at any time.
        Keep your documents: you can download them again from <ScreenLink screen="document">Your documents</ScreenLink>.
      </p>

      <h2>Using the site fairly</h2>
      <ul>
        <li>Do not try to reach anyone else&rsquo;s records, to get round sign-in limits, or to overload the site.</li>
        <li>Do not copy the site&rsquo;s content or prices in bulk by automated means.</li>
        <li>
          Do not upload anything that is unlawful, that you have no right to share, or that could harm our systems.
        </li>
      </ul>
      <p>We may suspend an account that breaks these rules. A policy already bound stays subject to its own terms.</p>

      <h2>What we are responsible for</h2>
      <p>
        We take care to keep the site working and its information right, but it may sometimes be unavailable or contain
        a mistake; when we find one we correct it. Nothing in these terms limits the rights the law gives you as an
        insured or a consumer, or what the insurer owes you under your policy.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may update these terms. The version on this page applies from when it is published; a policy already bound
        keeps the terms it was bought on.
      </p>

      <h2>Contact us</h2>
      <SupportPhone lead="Questions about a quote, a policy or these terms? Call us on" />
      <p>
        Signed in, you can also write to us through the <ScreenLink screen="feedback">feedback page</ScreenLink>.
      </p>
    </article>
  );
}
