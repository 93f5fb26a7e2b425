import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, serverMessage, errorText } from '@/api/api-error';
import { saveContact } from '@/api/contacts';
import { getIlfDlfList } from '@/api/lists';
import { saveLocation } from '@/api/locations';
import { addLocations } from '@/api/plan-locations';
import { newSaveKey } from '@/api/saved-quote';
import { errorOf } from '@/machines/actor-events';

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
  /**
   * One key per step: a retry after a lost answer adds one location and one contact, not two; a
   * refusal of one step renews only that step's key.
   */
  locationKey: string;
  contactKey: string;
  /** The location is on the account and the order: a retry after the contact failed does not add it again. */
  locationSaved: boolean;
  given: DetailsGiven | undefined;
  failure: { message: string; fields: Record<string, string> } | null;
}

export type MissingDetailsEvent = { type: 'details.save'; given: DetailsGiven };

type Address = NonNullable<DetailsGiven['address']>;
type ContactGiven = NonNullable<DetailsGiven['contact']>;

/** The address becomes a location of the account at the order's ZIP (city and state from the ZIP), then the order's. */
async function saveAddress(input: {
  submissionId: number;
  zipcode: string;
  address: Address;
  key: string;
}): Promise<void> {
  const place = await getIlfDlfList(input.zipcode);
  const location = await saveLocation(
    {
      ...input.address,
      title: null,
      city: place.city ?? place.county,
      state: place.stateCode,
      zipcode: place.zipcode,
      isprimary: true,
    },
    input.key,
  );
  await addLocations(input.submissionId, [location.id]);
}

const wasRefused = (error: unknown) => {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
};

const failureOf = (error: unknown) => ({
  message: serverMessage(error) ?? errorText(error),
  fields: errorFields(error),
});

/**
 * Issue 16: what buy now finds missing is asked on the review screen itself, never by a detour
 * through the contacts or locations screens. The address is saved first, then the contact; the
 * review then loads the order again (the `supplied` action, provided by the screen).
 */
export const missingDetailsMachine = setup({
  types: {
    context: {} as MissingDetailsContext,
    input: {} as MissingDetailsInput,
    events: {} as MissingDetailsEvent,
  },
  actors: {
    saveAddress: fromPromise<void, { submissionId: number; zipcode: string; address: Address; key: string }>(
      ({ input }) => saveAddress(input),
    ),
    saveContact: fromPromise<unknown, { contact: ContactGiven; key: string }>(({ input }) =>
      saveContact({ ...input.contact, title: null, isprimary: true }, input.key),
    ),
  },
  actions: {
    /** Provided by the screen: the order is loaded again, and what is still missing shows. */
    supplied: () => {},
    storeGiven: assign((_, given: DetailsGiven) => ({ given, failure: null })),
    markLocationSaved: assign({ locationSaved: true }),
    // Refused: nothing was added by that step, so its next attempt is a new one. A lost answer keeps its key.
    storeLocationFailure: assign(({ context }, error: unknown) => ({
      failure: failureOf(error),
      locationKey: wasRefused(error) ? newSaveKey() : context.locationKey,
    })),
    storeContactFailure: assign(({ context }, error: unknown) => ({
      failure: failureOf(error),
      contactKey: wasRefused(error) ? newSaveKey() : context.contactKey,
    })),
  },
  guards: {
    needsAddress: ({ context }) => Boolean(context.given?.address) && !context.locationSaved,
    needsContact: ({ context }) => Boolean(context.given?.contact),
  },
}).createMachine({
  id: 'missingDetails',
  context: ({ input }) => ({
    ...input,
    locationKey: newSaveKey(),
    contactKey: newSaveKey(),
    locationSaved: false,
    given: undefined,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The insured is asked, on the review screen itself, for the address and the contact the order lacks.',
      on: {
        'details.save': {
          description: 'The insured saves what was missing.',
          target: 'saving',
          actions: { type: 'storeGiven', params: ({ event }) => event.given },
        },
      },
    },
    saving: {
      description: 'What was given is saved in turn: the address first (unless already saved), then the contact.',
      always: [
        { guard: 'needsAddress', target: 'savingAddress', description: 'An address was given and is not saved yet.' },
        { guard: 'needsContact', target: 'savingContact', description: 'A contact was given.' },
        { target: 'saved', description: 'Everything given is saved.' },
      ],
    },
    savingAddress: {
      description: 'The location is added to the account and to the order.',
      invoke: {
        src: 'saveAddress',
        input: ({ context }) => ({
          submissionId: context.submissionId,
          zipcode: context.zipcode,
          address: context.given!.address!,
          key: context.locationKey,
        }),
        onDone: { target: 'saving', description: 'The address is saved.', actions: 'markLocationSaved' },
        onError: {
          target: 'editing',
          description: 'Refused or not reached: the form says why.',
          actions: { type: 'storeLocationFailure', params: errorOf },
        },
      },
    },
    savingContact: {
      description: 'The contact is saved as the account’s primary one.',
      invoke: {
        src: 'saveContact',
        input: ({ context }) => ({ contact: context.given!.contact!, key: context.contactKey }),
        onDone: { target: 'saved', description: 'The contact is saved.' },
        onError: {
          target: 'editing',
          description: 'Refused or not reached: the form says why (the address, if saved, stays saved).',
          actions: { type: 'storeContactFailure', params: errorOf },
        },
      },
    },
    saved: {
      type: 'final',
      description: 'Everything missing is supplied: the review loads the order again and shows it as it is now.',
      entry: 'supplied',
    },
  },
});
