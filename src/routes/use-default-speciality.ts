import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { readDefaultSpeciality, writeDefaultSpeciality } from '@/api/session-values';
import { getSpecialityList } from '@/api/specialities';
import { defaultSpecialityMachine, type OfferedSpecialities } from '@/machines/default-speciality.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';
import { useClientArea } from '@/routes/use-broker';

/**
 * The default-speciality machine for landing and specialities, with its navigation and session
 * writes provided here at the router edge and the broker's codes read through the tab's cache.
 * Each outcome replaces the address it came from, so Back does not bounce through `?s=` again.
 */
export function useDefaultSpeciality(s: string | undefined) {
  const { brokers } = useRouter().options.context;
  const clientid = useClientArea();
  const navigate = useScreenNavigate();
  return useMachine(
    defaultSpecialityMachine.provide({
      actors: {
        loadOfferedSpecialities: fromPromise<OfferedSpecialities, { clientid: string | undefined }>(async ({ input }) => {
          if (input.clientid === undefined) {
            const list = await getSpecialityList();
            return { brokerFound: true, offered: list.map(({ id, speiclaityRandomCode }) => ({ id, speiclaityRandomCode })) };
          }
          const lookup = await brokers.load(input.clientid);
          return lookup.status === 'found'
            ? { brokerFound: true, offered: lookup.details.brokerspecialities }
            : { brokerFound: false };
        }),
      },
      actions: {
        goToSpecialities: (_, { codes }) =>
          void navigate({ screen: 'specialities', search: { speciality: codes.join(',') }, replace: true }),
        goToQuotes: (_, { specialityId }) => void navigate({ screen: 'quotes', state: { specialityId }, replace: true }),
        goToPageNotFound: () => void navigate({ screen: 'page-not-found', replace: true }),
        storeDefaultSpeciality: (_, { code }) => writeDefaultSpeciality(code),
      },
    }),
    { input: { clientid, s, storedDefault: clientid ? readDefaultSpeciality() : undefined } },
  );
}
