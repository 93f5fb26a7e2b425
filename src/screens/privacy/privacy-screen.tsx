import { ScreenLink } from '@/components/screen-link';
import { InsurerLine } from '@/components/trust/insurer-line';
import { SupportPhone } from '@/components/trust/support-phone';
import '@/styles/legal.css';
import '@/styles/trust.css';

/** What the portal collects and why, who sees it, electronic records and signatures, and how to reach us. */
export default function PrivacyScreen() {
  return (
    <article data-screen="privacy" className="screen legal" aria-labelledby="privacy-title">
      <p className="eyebrow">Privacy notice</p>
      <h1 id="privacy-title">How we use your information</h1>
      <p className="legal__lead">
        Practice Shield is an online insurance agency: we help professionals buy liability insurance, and the insurer
        named at the end of this page provides the cover. To quote, sell and look after a policy we need information
        about you and your practice. This notice says what we collect, why, who sees it and what you can ask of us.
      </p>

      <h2>What we collect, and why</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address, company and the type of insured you are, so you can
          sign in and we can write to you about your quotes and policies. Your password is stored only in a scrambled
          form (a hash) that nobody, us included, can read back.
        </li>
        <li>
          <strong>Your practice and your answers:</strong> your speciality, where you practise (ZIP code and state), and
          your answers to the underwriting questions, such as your revenue, your staff, claims made against you and the
          insurance you carry today. The price is worked out from them, and the insurer relies on them to decide whether
          it can offer cover.
        </li>
        <li>
          <strong>People and places on the policy:</strong> contacts, locations and additional insureds you add, so the
          policy, certificates and notices name the right people and addresses.
        </li>
        <li>
          <strong>Files and claims:</strong> documents you upload (loss runs, for example) and claims you report, so an
          underwriter or a claims handler can act on them.
        </li>
        <li>
          <strong>Payments:</strong> card details are typed into the payment provider&rsquo;s own checkout page and
          never reach us. We keep what the provider tells us: the amount, the date, a payment reference and whether it
          succeeded.
        </li>
        <li>
          <strong>Technical information:</strong> your IP address and the time of each request, to limit repeated
          sign-in attempts and to investigate misuse. The site stores your sign-in, and your quote while you work on it,
          in your browser; it uses no advertising or tracking cookies.
        </li>
      </ul>

      <h2>Who sees it</h2>
      <ul>
        <li>The insurer and its underwriters, who decide on your application and handle claims.</li>
        <li>
          The broker you came through, if you started from a broker&rsquo;s page: they see the orders and policies
          placed through them.
        </li>
        <li>
          Companies that run parts of the service for us, under contract and only for that purpose: hosting, e-mail
          delivery and payment processing.
        </li>
        <li>Regulators, courts and law enforcement, when the law requires it.</li>
      </ul>
      <p>We do not sell your personal information, and we do not use it for advertising.</p>

      <h2>Electronic records and signatures</h2>
      <p>
        By creating an account you agree that we deliver your documents electronically: quotes, your application, the
        policy, declarations page and binder, invoices, certificates and notices. Each is a PDF you can download from{' '}
        <ScreenLink screen="document">Your documents</ScreenLink> and keep; any PDF reader opens them. We also e-mail
        you when one is ready.
      </p>
      <p>
        When you sign your application electronically, we keep a record of the signature with it: who signed, what was
        signed and when. An electronic signature binds you as a handwritten one would.
      </p>
      <p>
        You may ask for a paper copy of any document at no charge, and you may withdraw your consent to electronic
        delivery at any time by contacting us. Withdrawing it does not undo documents already delivered.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep policy records, applications and payments for as long as the law of your state requires insurance
        records to be kept after a policy ends. A quote you never bought can be deleted when you ask, unless it is part
        of a policy record or a claim.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>See and correct your details, contacts and locations in your account at any time.</li>
        <li>Ask for a copy of the information we hold about you, or for it to be corrected or deleted.</li>
        <li>
          Residents of states with their own privacy laws, such as California, have these rights by law; we will not
          treat you differently for using them.
        </li>
      </ul>

      <h2>Keeping it safe</h2>
      <p>
        Connections to the site are encrypted, each account reaches only its own records, and an account locks after
        repeated wrong passwords. If we learn of a breach that affects you, we will tell you as the law requires.
      </p>

      <h2>How to contact us</h2>
      <SupportPhone lead="For a question about your information, or to use any of the choices above, call us on" />
      <p>
        Signed in, you can also write to us through the <ScreenLink screen="feedback">feedback page</ScreenLink>. See
        also our <ScreenLink screen="terms">terms of use</ScreenLink>.
      </p>

      <h2>Who provides the cover</h2>
      <InsurerLine />
    </article>
  );
}
