import { ScreenLink } from '@/components/screen-link';
import { InsurerLine } from '@/components/trust/insurer-line';
import { SupportPhone } from '@/components/trust/support-phone';
import { useBrokerLookup, useClientArea } from '@/routes/use-broker';
import '@/styles/trust.css';

/**
 * Every page's footer: who arranges the cover (the broker in its client area), the number to
 * call, the privacy notice and terms, and the insurer that carries the risk with the producer's
 * licences (DESIGN.md "The policy after the sale": named on the site).
 */
export function SiteFooter() {
  const clientArea = useClientArea();
  const lookup = useBrokerLookup();
  return (
    <footer className="site-footer">
      <p>
        {lookup?.status === 'found' && clientArea
          ? `Practice Shield — professional liability insurance, arranged for you by ${lookup.details.name}.`
          : 'Practice Shield — professional liability insurance, by speciality, through your broker.'}
      </p>
      <SupportPhone className="site-footer__support" lead="Questions about a quote or a policy? Call us on" />
      <nav className="site-footer__links" aria-label="About this site">
        <ScreenLink screen="privacy">Privacy notice</ScreenLink>
        <ScreenLink screen="terms">Terms of use</ScreenLink>
      </nav>
      <InsurerLine />
    </footer>
  );
}
