import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { errorFields, errorStatus, serverMessage, errorText } from '@/api/api-error';
import { saveContact } from '@/api/contacts';
import { getIlfDlfList } from '@/api/lists';
import { saveLocation } from '@/api/locations';
import { addLocations } from '@/api/plan-locations';
import { newSaveKey } from '@/api/saved-quote';

/** What buy now found missing that this form supplies: the practice's address, a primary contact. */
export interface MissingDetailsInput {
  submissionId: number;
  needsLocation: boolean;
  needsContact: boolean;
  /** The ZIP the order is priced at: the address given is there (another would re-rate the order). */
  zipcode: string;
}

export interface DetailsGiven {
  address?: { address1: string; address2: string | null };
  contact?: { firstname: string; lastname: string; email: string | null; contactnumber: string };
}

export interface MissingDetailsContext extends MissingDetailsInput {
  /** One per attempt: a retry after a lost answer adds one location and one contact, not two. */
  saveKey: string;
  given: DetailsGiven | undefined;
  failure: { message: string; fields: Record<string, string> } | null;
}

export type MissingDetailsEvent = { type: 'details.save'; given: DetailsGiven };

/** The address becomes a location of the account at the order's ZIP (city from the ZIP), then the order's; the contact the primary one. */
async function saveDetails(input: { submissionId: number; zipcode: string; given: DetailsGiven; saveKey: string }): Promise<void> {
  const { address, contact } = input.given;
  if (address) {
    const place = await getIlfDlfList(input.zipcode);
    const location = await saveLocation(
      { ...address, title: null, city: place.city ?? place.county, state: place.stateCode, zipcode: place.zipcode, isprimary: true },
      `${input.saveKey}-location`,
    );
    await addLocations(input.submissionId, [location.id]);
  }
  if (contact) await saveContact({ ...contact, title: null, isprimary: true }, `${input.saveKey}-contact`);
}

const wasRefused = (error: unknown) => {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
};

/**
 * Issue 16: what buy now finds missing is asked on the review screen itself, never by a detour
 * through the contacts or locations screens. One save supplies both; the review then loads the
 * order again (the `supplied` action, provided by the screen).
 */
export const missingDetailsMachine = setup({
  types: {
    context: {} as MissingDetailsContext,
    input: {} as MissingDetailsInput,
    events: {} as MissingDetailsEvent,
  },
  actors: {
    saveDetails: fromPromise<void, { submissionId: number; zipcode: string; given: DetailsGiven; saveKey: string }>(({ input }) => saveDetails(input)),
  },
  actions: {
    /** Provided by the screen: the order is loaded again, and what is still missing shows. */
    supplied: () => {},
    storeGiven: assign((_, given: DetailsGiven) => ({ given, failure: null })),
    storeFailure: assign(({ context }, error: unknown) => ({
      failure: { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) },
      // Refused: nothing was added, so the next attempt is a new one. A lost answer keeps its key.
      saveKey: wasRefused(error) ? newSaveKey() : context.saveKey,
    })),
  },
}).createMachine({
  id: 'missingDetails',
  context: ({ input }) => ({ ...input, saveKey: newSaveKey(), given: undefined, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The address and the contact the order lacks, asked on the review screen.',
      on: {
        'details.save': {
          description: 'The insured saves what was missing.',
          target: 'saving',
          actions: { type: 'storeGiven', params: ({ event }) => event.given },
        },
      },
    },
    saving: {
      description: 'The location is added to the account and the order, the contact made primary.',
      invoke: {
        src: 'saveDetails',
        input: ({ context }) => ({ submissionId: context.submissionId, zipcode: context.zipcode, given: context.given!, saveKey: context.saveKey }),
        onDone: { target: 'saved', actions: 'supplied' },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    saved: { type: 'final', description: 'Supplied: the review shows the order as it is now.' },
  },
});
