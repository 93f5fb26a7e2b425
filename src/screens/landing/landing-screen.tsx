import { useSearch } from '@tanstack/react-router';
import { DefaultSpecialityGate } from '@/components/default-speciality-gate';
import { SpecialityCatalog } from '@/components/speciality-catalog/speciality-catalog';
import { TrustStrip } from '@/components/trust/trust-strip';
import { useClientArea } from '@/routes/use-broker';

export default function LandingScreen() {
  const clientid = useClientArea();
  const { s, ...carried } = useSearch({ strict: false }) as { s?: string } & Record<string, unknown>;
  return (
    <div data-screen="landing" className="screen">
      {/* Keyed by broker and link: another storefront or another `?s=` is a fresh check. */}
      <DefaultSpecialityGate key={JSON.stringify([clientid, s])} s={s} carried={carried}>
        {(decision) => (
          <>
            <section className="hero" aria-labelledby="landing-title">
              <h1 id="landing-title">Professional liability cover, priced for your speciality</h1>
              <p className="hero__lead">
                Errors &amp; omissions and malpractice insurance, bought online in minutes. Pick your speciality, answer
                a few questions and see exactly how your premium is worked out.
              </p>
              <ul className="hero__points">
                <li>A rated quote in minutes, explained line by line</li>
                <li>Limits, deductibles and payment plans side by side</li>
                <li>Policy documents the moment you pay</li>
              </ul>
            </section>
            {/* Keyed by broker: moving between storefronts (back/forward) loads the other broker's list. */}
            <SpecialityCatalog
              key={clientid ?? ''}
              clientid={clientid}
              chosenSpecialityId={decision?.kind === 'stored' ? decision.specialityId : undefined}
            />
            {/* After the choice the visitor came for: from the content, Tab reaches the search first. */}
            <TrustStrip />
          </>
        )}
      </DefaultSpecialityGate>
    </div>
  );
}
