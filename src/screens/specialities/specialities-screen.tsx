import { useSearch } from '@tanstack/react-router';
import { DefaultSpecialityGate } from '@/components/default-speciality-gate';
import { ScreenLink } from '@/components/screen-link';
import { SpecialityCatalog } from '@/components/speciality-catalog/speciality-catalog';
import { useClientArea } from '@/routes/use-broker';

/**
 * The specialities on offer; with `speciality` (the codes a several-code `?s=` link named), only
 * those, and a way to see them all.
 */
export default function SpecialitiesScreen() {
  const clientid = useClientArea();
  const { s, speciality, ...carried } = useSearch({ strict: false }) as { s?: string; speciality?: string } & Record<
    string,
    unknown
  >;
  const onlyCodes = speciality
    ?.split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  return (
    <div data-screen="specialities" className="screen">
      <DefaultSpecialityGate key={JSON.stringify([clientid, s])} s={s} carried={carried}>
        {(decision) => (
          <>
            <h1>{onlyCodes ? 'Specialities picked for you' : 'All specialities'}</h1>
            <p className="hero__lead">
              {onlyCodes
                ? 'Your link names these specialities. Choose yours to start a quote.'
                : 'Choose your speciality to start a quote: a few questions, then your price, explained line by line.'}
            </p>
            <SpecialityCatalog
              key={clientid ?? ''}
              clientid={clientid}
              onlyCodes={onlyCodes}
              chosenSpecialityId={decision?.kind === 'stored' ? decision.specialityId : undefined}
            />
            {onlyCodes && (
              <p>
                <ScreenLink screen="specialities">See every speciality on offer</ScreenLink>
              </p>
            )}
          </>
        )}
      </DefaultSpecialityGate>
    </div>
  );
}
