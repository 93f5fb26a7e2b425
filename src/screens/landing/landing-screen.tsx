import { useClientId } from '@/routes/use-client-id';
import { SpecialityCatalog } from '@/screens/landing/speciality-catalog';

export default function LandingScreen() {
  const clientid = useClientId();
  return (
    <div data-screen="landing" className="screen">
      <section className="hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Professional liability cover, priced for your speciality</h1>
        <p className="hero__lead">
          Errors &amp; omissions and malpractice insurance, bought online in minutes. Pick your speciality, answer a
          few questions and see exactly how your premium is worked out.
        </p>
        <ul className="hero__points">
          <li>A rated quote in minutes, explained line by line</li>
          <li>Limits, deductibles and payment plans side by side</li>
          <li>Policy documents the moment you pay</li>
        </ul>
      </section>
      {/* Keyed by broker: moving between storefronts (back/forward) loads the other broker's list. */}
      <SpecialityCatalog key={clientid ?? ''} clientid={clientid} />
    </div>
  );
}
