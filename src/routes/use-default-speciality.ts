import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { readDefaultSpeciality, writeDefaultSpeciality } from '@/api/session-values';
import {
  defaultSpecialityMachine,
  offeredSpecialities,
  type OfferedSpecialities,
} from '@/machines/default-speciality.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';
import { useClientArea } from '@/routes/use-broker';

/**
 * The default-speciality machine for landing and specialities, with its navigation and session
 * writes provided here at the router edge and the broker's codes read through the tab's cache.
 * Each outcome replaces the address it came from, so Back does not bounce through `?s=` again,
 * and keeps the link's other query parameters (`carried`, such as a campaign's utm_source).
 */
export function useDefaultSpeciality(s: string | undefined, carried: Record<string, unknown> = {}) {
  const { brokers } = useRouter().options.context;
  const clientid = useClientArea();
  const navigate = useScreenNavigate();
  return useMachine(
    defaultSpecialityMachine.provide({
      actors: {
        loadOfferedSpecialities: fromPromise<OfferedSpecialities, { clientid: string | undefined }>(({ input }) =>
          offeredSpecialities(input.clientid, (clientid) => brokers.load(clientid)),
        ),
      },
      actions: {
        goToSpecialities: (_, { codes }) =>
          void navigate({ screen: 'specialities', search: { ...carried, speciality: codes.join(',') }, replace: true }),
        goToQuotes: (_, { specialityId }) =>
          void navigate({ screen: 'quotes', search: carried as never, state: { specialityId }, replace: true }),
        goToPageNotFound: () => void navigate({ screen: 'page-not-found', replace: true }),
        storeDefaultSpeciality: (_, { code }) => writeDefaultSpeciality(code),
      },
    }),
    { input: { clientid, s, storedDefault: clientid ? readDefaultSpeciality() : undefined } },
  );
}
