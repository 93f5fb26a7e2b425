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
const houston = { zipcode: '77002', stateCode: 'TX', stateName: 'Texas', county: 'Harris', city: 'Houston', offered: true, territory: '770', limits: [], deductibles: [] };

function httpError(status: number, message: string, fields: Record<string, string> = {}) {
  const error = new HTTPError(new Response('{}', { status }), new Request('http://localhost/api/weborder/insured/saveupdatelocation'), {} as never);
  error.message = `${status}: ${message}`;
  return Object.assign(error, { fields });
}

function start(overrides: Partial<MissingDetailsInput> = {}) {
  const supplied = vi.fn();
  const actor = createActor(missingDetailsMachine.provide({ actions: { supplied } }), { input: { ...input, ...overrides } }).start();
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
    expect(actor.getSnapshot().value).toBe('saving');
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(supplied).toHaveBeenCalledTimes(1);
    const key = actor.getSnapshot().context.saveKey;
    expect(vi.mocked(saveLocation).mock.calls).toEqual([
      [
        { address1: '909 Texas Ave', address2: null, title: null, city: 'Houston', state: 'TX', zipcode: '77002', isprimary: true },
        `${key}-location`,
      ],
    ]);
    expect(vi.mocked(addLocations).mock.calls).toEqual([[4217, [31]]]);
    expect(vi.mocked(saveContact).mock.calls).toEqual([[{ ...given.contact, title: null, isprimary: true }, `${key}-contact`]]);
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

  it('a refusal names its fields, and the next attempt is a new one (a new key); a lost answer keeps its key', async () => {
    vi.clearAllMocks();
    vi.mocked(getIlfDlfList).mockResolvedValue(houston as never);
    vi.mocked(saveLocation).mockRejectedValueOnce(httpError(400, 'Address line 1 is too long', { address1: 'must be at most 200 characters' }));
    const { actor, supplied } = start();
    const first = actor.getSnapshot().context.saveKey;
    actor.send({ type: 'details.save', given });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toEqual({ message: 'Address line 1 is too long', fields: { address1: 'must be at most 200 characters' } });
    const second = actor.getSnapshot().context.saveKey;
    expect(second).not.toBe(first);

    vi.mocked(saveLocation).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    actor.send({ type: 'details.save', given });
    await settle();
    expect(actor.getSnapshot().context.saveKey).toBe(second);
    expect(supplied).not.toHaveBeenCalled();
  });

  it('reaches every state by a shortest path', () => {
    const events: AnyEventObject[] = [
      { type: 'details.save', given },
      { type: 'xstate.done.actor.0.missingDetails.saving' },
      { type: 'xstate.error.actor.0.missingDetails.saving', error: httpError(400, 'No') },
    ];
    // Told apart by the state and whether a refusal shows: each refusal's fresh key is not a new state.
    const serializeState = (snapshot: { value: unknown; context: { failure: unknown } }) =>
      JSON.stringify({ value: snapshot.value, failing: snapshot.context.failure !== null });
    const paths = getShortestPaths(missingDetailsMachine, { events: events as never, input, serializeState: serializeState as never });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['editing', 'saving', 'saved']));
  });
});
