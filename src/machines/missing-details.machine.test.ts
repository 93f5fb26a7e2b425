import { HTTPError } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { saveContact } from '@/api/contacts';
import { getIlfDlfList } from '@/api/lists';
import { saveLocation } from '@/api/locations';
import { addLocations } from '@/api/plan-locations';
import { missingDetailsMachine, type DetailsGiven, type MissingDetailsInput } from '@/machines/missing-details.machine';

/**
 * The machine's own saveDetails actor runs, against the API modules mocked here (a machine unit
 * test: the real server is the API tests' and the browser test's): what it sends, in which order,
 * with which keys, and how a refusal or a lost answer leaves the form.
 */
vi.mock('@/api/lists', () => ({ getIlfDlfList: vi.fn() }));
vi.mock('@/api/locations', () => ({ saveLocation: vi.fn() }));
vi.mock('@/api/plan-locations', () => ({ addLocations: vi.fn() }));
vi.mock('@/api/contacts', () => ({ saveContact: vi.fn() }));

const input: MissingDetailsInput = { submissionId: 4217, needsLocation: true, needsContact: true, zipcode: '77002' };
const given: DetailsGiven = {
  address: { address1: '909 Texas Ave', address2: null },
  contact: { firstname: 'Frank', lastname: 'Lloyd', email: 'frank@example.com', contactnumber: '713 555 0199' },
};
const houston = {
  zipcode: '77002',
  stateCode: 'TX',
  stateName: 'Texas',
  county: 'Harris',
  city: 'Houston',
  offered: true,
  territory: '770',
  limits: [],
  deductibles: [],
};

function httpError(status: number, message: string, fields: Record<string, string> = {}) {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/insured/saveupdatelocation'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return Object.assign(error, { fields });
}

function start(overrides: Partial<MissingDetailsInput> = {}) {
  const supplied = vi.fn();
  const actor = createActor(missingDetailsMachine.provide({ actions: { supplied } }), {
    input: { ...input, ...overrides },
  }).start();
  return { actor, supplied };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('missingDetailsMachine', () => {
  it('adds the address as a location at the order’s ZIP, puts it on the order, makes the contact primary, then says so', async () => {
    vi.mocked(getIlfDlfList).mockResolvedValue(houston as never);
    vi.mocked(saveLocation).mockResolvedValue({ id: 31 } as never);
    vi.mocked(addLocations).mockResolvedValue({} as never);
    vi.mocked(saveContact).mockResolvedValue({ id: 7 } as never);
    const { actor, supplied } = start();
    actor.send({ type: 'details.save', given });
    expect(actor.getSnapshot().value).toBe('savingAddress');
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(supplied).toHaveBeenCalledTimes(1);
    const { locationKey, contactKey } = actor.getSnapshot().context;
    expect(locationKey).not.toBe(contactKey);
    expect(vi.mocked(saveLocation).mock.calls).toEqual([
      [
        {
          address1: '909 Texas Ave',
          address2: null,
          title: null,
          city: 'Houston',
          state: 'TX',
          zipcode: '77002',
          isprimary: true,
        },
        locationKey,
      ],
    ]);
    expect(vi.mocked(addLocations).mock.calls).toEqual([[4217, [31]]]);
    expect(vi.mocked(saveContact).mock.calls).toEqual([
      [{ ...given.contact, title: null, isprimary: true }, contactKey],
    ]);
  });

  it('sends only what is missing', async () => {
    vi.clearAllMocks();
    vi.mocked(saveContact).mockResolvedValue({ id: 7 } as never);
    const { actor } = start({ needsLocation: false });
    actor.send({ type: 'details.save', given: { contact: given.contact! } });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saveLocation).not.toHaveBeenCalled();
    expect(addLocations).not.toHaveBeenCalled();
  });

  it('a refusal names its fields and renews that step’s key only; a lost answer keeps its key', async () => {
    vi.clearAllMocks();
    vi.mocked(getIlfDlfList).mockResolvedValue(houston as never);
    vi.mocked(saveLocation).mockRejectedValueOnce(
      httpError(400, 'Address line 1 is too long', { address1: 'must be at most 200 characters' }),
    );
    const { actor, supplied } = start();
    const { locationKey, contactKey } = actor.getSnapshot().context;
    actor.send({ type: 'details.save', given });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toEqual({
      message: 'Address line 1 is too long',
      fields: { address1: 'must be at most 200 characters' },
    });
    expect(actor.getSnapshot().context.locationKey).not.toBe(locationKey);
    expect(actor.getSnapshot().context.contactKey).toBe(contactKey);

    const second = actor.getSnapshot().context.locationKey;
    vi.mocked(saveLocation).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    actor.send({ type: 'details.save', given });
    await settle();
    expect(actor.getSnapshot().context.locationKey).toBe(second);
    expect(supplied).not.toHaveBeenCalled();
  });

  it('the contact refused after the address was saved: the retry does not add the address again', async () => {
    vi.clearAllMocks();
    vi.mocked(getIlfDlfList).mockResolvedValue(houston as never);
    vi.mocked(saveLocation).mockResolvedValue({ id: 31 } as never);
    vi.mocked(addLocations).mockResolvedValue({} as never);
    vi.mocked(saveContact).mockRejectedValueOnce(
      httpError(400, 'That is not a phone number we can call', { contactnumber: 'is not a valid phone number' }),
    );
    const { actor, supplied } = start();
    actor.send({ type: 'details.save', given });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.locationSaved).toBe(true);
    vi.mocked(saveContact).mockResolvedValueOnce({ id: 7 } as never);
    actor.send({
      type: 'details.save',
      given: { ...given, contact: { ...given.contact!, contactnumber: '713 555 0100' } },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saveLocation).toHaveBeenCalledTimes(1);
    expect(addLocations).toHaveBeenCalledTimes(1);
    expect(saveContact).toHaveBeenCalledTimes(2);
    expect(supplied).toHaveBeenCalledTimes(1);
  });

  it('reaches every state by a shortest path', () => {
    const events: AnyEventObject[] = [
      { type: 'details.save', given },
      { type: 'xstate.done.actor.0.missingDetails.savingAddress' },
      { type: 'xstate.error.actor.0.missingDetails.savingAddress', error: httpError(400, 'No') },
      { type: 'xstate.done.actor.0.missingDetails.savingContact' },
      { type: 'xstate.error.actor.0.missingDetails.savingContact', error: httpError(400, 'No') },
    ];
    // Told apart by the state and whether a refusal shows: each refusal's fresh key is not a new state.
    const serializeState = (snapshot: { value: unknown; context: { failure: unknown; locationSaved: boolean } }) =>
      JSON.stringify({
        value: snapshot.value,
        failing: snapshot.context.failure !== null,
        locationSaved: snapshot.context.locationSaved,
      });
    const paths = getShortestPaths(missingDetailsMachine, {
      events: events as never,
      input,
      serializeState: serializeState as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['editing', 'savingAddress', 'savingContact', 'saved']),
    );
  });
});
