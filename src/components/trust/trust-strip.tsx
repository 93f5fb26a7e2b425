import { useRouter } from '@tanstack/react-router';
import { InsurerLine } from '@/components/trust/insurer-line';
import { SupportPhone } from '@/components/trust/support-phone';
import '@/styles/trust.css';

/**
 * The landing page's word on who stands behind a policy bought here, before anyone picks a
 * speciality: the insurer, its rating, the producer's licences and a number to call.
 */
export function TrustStrip() {
  const { trust } = useRouter().options.context.config;
  if (!trust) return null;
  return (
    <section className="trust-strip" aria-labelledby="trust-strip-title">
      <h2 id="trust-strip-title">Who stands behind your policy</h2>
      <InsurerLine />
      <SupportPhone className="trust-strip__support" lead="Questions before you buy? Call us on" />
    </section>
  );
}
