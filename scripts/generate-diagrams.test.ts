// @vitest-environment jsdom
// (Mermaid's parser needs a DOM to load; it does not lay anything out here.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, fromPromise, not, setup } from 'xstate';
import {
  ARROW_MAX,
  BOX_WIDTH,
  DIAGRAM_FILE,
  DIAGRAMS_DIR,
  drawnAsOverview,
  loadMachines,
  machineExportName,
  OVERVIEW_ARROW_MAX,
  renderDiagramFiles,
  renderDiagramMarkdown,
  renderMachineDiagram,
  shortDescription,
  wrapText,
} from './generate-diagrams';

const FIX = 'run `npm run diagrams` and commit docs/machines';

/** Throws with Mermaid's parse error when the text is not a diagram Mermaid can read. */
async function parseMermaid(text: string): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  const result = await mermaid.parse(text);
  return result ? result.diagramType : 'unparsed';
}

describe('committed machine diagrams', async () => {
  const files = renderDiagramFiles(await loadMachines());

  it('finds the machines in src/machines', () => {
    expect([...files.keys()]).toContain('speciality-catalog.mmd');
  });

  it.each([...files.keys()])(`%s is committed as generated from its machine (${FIX})`, (file) => {
    const path = join(DIAGRAMS_DIR, file);
    expect(existsSync(path), `${path} is missing: ${FIX}`).toBe(true);
    expect(readFileSync(path, 'utf8'), `${path} is stale: ${FIX}`).toBe(files.get(file));
  });

  it.each([...files.keys()].filter((file) => file.endsWith('.mmd')))(
    '%s is a state diagram Mermaid can read',
    async (file) => {
      await expect(parseMermaid(files.get(file)!)).resolves.toBe('stateDiagram');
    },
  );

  it(`has no diagram for a machine that no longer exists (${FIX})`, () => {
    const committed = existsSync(DIAGRAMS_DIR)
      ? readdirSync(DIAGRAMS_DIR).filter((file) => DIAGRAM_FILE.test(file))
      : [];
    expect(committed.filter((file) => !files.has(file))).toEqual([]);
  });
});

describe('renderMachineDiagram', () => {
  /** Made up to hold one of everything the renderer must draw. */
  const doorMachine = setup({
    types: { events: {} as { type: 'open' } | { type: 'close' } | { type: 'lock'; code: string } | { type: 'knock' } },
    actors: { checkSensor: fromPromise(async () => true) },
    actions: { chime: () => {}, logAttempt: () => {}, resetTimer: () => {} },
    guards: { hasCode: () => true, isWeekend: () => false, isAlarmArmed: () => false },
    delays: { autoClose: 5_000 },
  }).createMachine({
    id: 'door',
    initial: 'checking',
    states: {
      checking: {
        invoke: {
          id: 'sensor',
          src: 'checkSensor',
          onDone: { target: 'closed', actions: 'chime' },
          onError: 'broken',
        },
      },
      closed: {
        initial: 'unlocked',
        entry: 'chime',
        states: {
          unlocked: {
            on: {
              lock: { target: 'locked', guard: 'hasCode', actions: ['logAttempt'] },
              knock: { actions: 'chime' },
            },
          },
          locked: { entry: assign({}), after: { 1000: 'unlocked' } },
        },
        on: { open: { target: 'open', guard: and(['hasCode', not('isWeekend')]) } },
      },
      open: {
        after: { autoClose: { target: 'closed', actions: 'resetTimer' } },
        always: { target: 'alarm', guard: 'isAlarmArmed' },
        on: { close: 'closed' },
      },
      alarm: {
        type: 'parallel',
        states: {
          siren: { initial: 'loud', states: { loud: { on: { close: 'quiet' } }, quiet: {} } },
          lights: { initial: 'flashing', states: { flashing: {} } },
        },
        onDone: 'broken',
      },
      broken: { type: 'final' },
    },
  });
  const diagram = renderMachineDiagram(doorMachine);
  const lines = diagram.split('\n').map((line) => line.trim());

  it('is a Mermaid state diagram with the initial state and the final state', () => {
    expect(lines).toContain('stateDiagram-v2');
    expect(lines).toContain('title: door');
    expect(lines).toContain('[*] --> checking');
    expect(lines).toContain('broken --> [*]');
  });

  it('labels invocations and their done/error transitions by the invoked actor, not by XState event names', () => {
    expect(lines).toContain('checking : invoke sensor');
    expect(lines).toContain('checking --> closed : done: sensor / chime');
    expect(lines).toContain('checking --> broken : error: sensor');
    expect(diagram).not.toContain('xstate.');
  });

  it('draws nested states inside their parent, with the parent’s initial state and guarded transitions', () => {
    const block = diagram.slice(
      diagram.indexOf('state closed {'),
      diagram.indexOf('}', diagram.indexOf('state closed {')),
    );
    expect(block).toContain('[*] --> closed_unlocked');
    expect(block).toContain('state "unlocked" as closed_unlocked');
    expect(block).toContain('closed_unlocked --> closed_locked : lock [hasCode] / logAttempt');
    expect(block).toContain('closed_locked --> closed_unlocked : after 1000ms');
    expect(block).toContain('closed_locked : entry / assign');
    // A transition without a target stays in the state: it is written inside the state's box.
    expect(block).toContain('closed_unlocked : knock / chime');
    expect(lines).toContain('closed --> open : open [hasCode && !isWeekend]');
  });

  it('draws delayed and eventless transitions with named delays and guards', () => {
    expect(lines).toContain('open --> closed : after autoClose / resetTimer');
    expect(lines).toContain('open --> alarm : always [isAlarmArmed]');
    // The timers XState adds for `after` are not the machine's own actions.
    expect(diagram).not.toMatch(/entry \/ raise|exit \/ cancel/);
  });

  it('draws parallel regions as concurrent blocks and a composite’s onDone', () => {
    const block = diagram.slice(diagram.indexOf('state alarm {'));
    expect(block).toMatch(/state "siren" as alarm_siren \{[\s\S]*\n\s*--\n\s*state "lights" as alarm_lights \{/);
    expect(block).toContain('alarm_siren_loud --> alarm_siren_quiet : close');
    expect(lines).toContain('alarm --> broken : done');
  });

  it('writes what a composite state does in a note beside it (Mermaid boxes around states hold no text)', () => {
    expect(diagram).toMatch(/\n\s*note right of closed\n\s*entry \/ chime\n\s*end note\n/);
    expect(lines).not.toContain('closed : entry / chime');
  });

  it('is deterministic, and Mermaid can read it', async () => {
    expect(renderMachineDiagram(doorMachine)).toBe(diagram);
    await expect(parseMermaid(diagram)).resolves.toBe('stateDiagram');
  });

  it('turns state names Mermaid cannot take as ids into safe ids, keeping the names as labels', async () => {
    const awkward = setup({}).createMachine({
      id: 'awkward machine',
      initial: 'needs review',
      states: {
        'needs review': { on: { 'review.done': 'end' } },
        end: { on: { retry: '2fa-check' } },
        '2fa-check': { type: 'final' },
      },
    });
    const text = renderMachineDiagram(awkward);
    expect(text).toContain('title: awkward machine');
    expect(text).toContain('state "needs review" as needs_review');
    expect(text).toContain('state "end" as s_end');
    expect(text).toContain('state "2fa-check" as s_2fa_check');
    expect(text).toContain('needs_review --> s_end : review.done');
    expect(text).toContain('s_2fa_check --> [*]');
    await expect(parseMermaid(text)).resolves.toBe('stateDiagram');
  });

  it('names machine exports after their files', () => {
    expect(machineExportName('speciality-catalog')).toBe('specialityCatalogMachine');
    expect(machineExportName('quote')).toBe('quoteMachine');
  });
});

describe('descriptions in the diagrams (issue 18: analysts read them)', () => {
  /** A small machine written the way src/machines are: every state and transition described. */
  const claimMachine = setup({
    types: {
      events: {} as { type: 'claim.submit' } | { type: 'claim.note'; text: string } | { type: 'claim.withdraw' },
    },
    actors: { fileClaim: fromPromise(async () => true) },
    actions: { storeNote: () => {}, storeReference: () => {} },
    guards: { hasNote: () => true },
  }).createMachine({
    id: 'claim',
    initial: 'drafting',
    states: {
      drafting: {
        description:
          'The insured describes what happened; nothing is sent until they submit the claim to their insurer.',
        on: {
          'claim.note': { description: 'The insured adds a note.', actions: 'storeNote' },
          'claim.submit': { guard: 'hasNote', target: 'filing', description: 'The insured submits the claim.' },
        },
      },
      filing: {
        description: 'The claim is being filed with the insurer.',
        invoke: {
          id: 'fileClaim',
          src: 'fileClaim',
          onDone: {
            target: 'filed',
            description: 'Filed; the insurer answers within two working days.',
            actions: 'storeReference',
          },
          onError: {
            target: 'drafting',
            description:
              'Refused or not reached: the claim stays as it was written, with the reason beside it, to submit again or to change first.',
          },
        },
      },
      filed: {
        description: 'Filed with the insurer: the insured is told so.',
        initial: 'waiting',
        on: { 'claim.withdraw': { target: 'withdrawn', description: 'The insured withdraws the claim.' } },
        states: { waiting: { description: 'The insured waits for the insurer to answer.' } },
      },
      withdrawn: { type: 'final', description: 'Withdrawn: nothing more happens to it.' },
    },
  });
  const diagram = renderMachineDiagram(claimMachine);
  const lines = diagram.split('\n').map((line) => line.trim());
  const markdown = renderDiagramMarkdown({ name: 'claim', exportName: 'claimMachine', machine: claimMachine }, diagram);

  it('opens each state’s box with its description, wrapped, above what it runs', () => {
    const box = lines.filter((line) => line.startsWith('filing : '));
    expect(box).toEqual([
      'filing : The claim is being filed with the',
      'filing : insurer.',
      'filing : invoke fileClaim',
    ]);
    const drafting = lines
      .filter((line) => line.startsWith('drafting : '))
      .map((line) => line.slice('drafting : '.length));
    expect(drafting.length).toBeGreaterThan(2);
    expect(drafting.every((line) => line.length <= BOX_WIDTH)).toBe(true);
    expect(drafting.slice(0, -1).join(' ')).toBe(
      'The insured describes what happened — nothing is sent until they submit the claim to their insurer.',
    );
    // A transition that stays put is still listed in the box by its event.
    expect(drafting.at(-1)).toBe('claim.note / storeNote');
  });

  it('turns a semicolon into a dash, and never ends a line of a box with a colon (Mermaid reads neither)', () => {
    expect(diagram).not.toMatch(/;/);
    expect(lines.filter((line) => / : /.test(line) && !line.includes('-->') && line.endsWith(':'))).toEqual([]);
    expect(wrapText('Filed with the insurer: the insured is told so.', 24)).toEqual([
      'Filed with the',
      'insurer: the insured is',
      'told so.',
    ]);
  });

  it('labels each arrow with its description above the event, guard and actions, in italics', () => {
    expect(lines).toContain('drafting --> filing : The insured submits the claim.<br><i>claim.submit [hasNote]</i>');
    expect(lines).toContain(
      'filing --> filed : Filed — the insurer answers within two working days.<br><i>done: fileClaim / storeReference</i>',
    );
    expect(lines).toContain('filed --> withdrawn : The insured withdraws the claim.<br><i>claim.withdraw</i>');
  });

  it('cuts a long description short on its arrow, at a clause, and keeps it whole in the .md table', () => {
    const long =
      'Refused or not reached: the claim stays as it was written, with the reason beside it, to submit again or to change first.';
    expect(lines).toContain(`filing --> drafting : ${shortDescription(long)}<br><i>error: fileClaim</i>`);
    expect(shortDescription(long)).toBe('Refused or not reached: the claim stays as it was written…');
    expect(shortDescription(long).length).toBeLessThanOrEqual(ARROW_MAX + 1);
    expect(shortDescription('Short enough.')).toBe('Short enough.');
    expect(markdown).toContain(`| \`filing\` | \`drafting\` | ${long} | error: fileClaim |`);
  });

  it('writes a composite state’s description in the note beside it', () => {
    expect(diagram).toMatch(
      /\n\s*note right of filed\n\s*Filed with the insurer: the insured is\n\s*told so\.\n\s*end note\n/,
    );
    expect(lines).toContain('filed_waiting : The insured waits for the insurer to');
  });

  it('lists every state and transition with its description in full on the .md page', () => {
    expect(markdown).toContain('## States');
    expect(markdown).toContain(
      '| `drafting` | The insured describes what happened; nothing is sent until they submit the claim to their insurer. |  |',
    );
    expect(markdown).toContain('| `filing` | The claim is being filed with the insurer. | invoke fileClaim |');
    expect(markdown).toContain('| `filed.waiting` | The insured waits for the insurer to answer. |  |');
    expect(markdown).toContain('## Transitions');
    expect(markdown).toContain('| `drafting` | (stays) | The insured adds a note. | claim.note / storeNote |');
    expect(markdown).toContain('| `drafting` | `filing` | The insured submits the claim. | claim.submit [hasNote] |');
    expect(markdown.indexOf('```mermaid')).toBeLessThan(markdown.indexOf('## States'));
  });

  it('is a diagram Mermaid can read', async () => {
    await expect(parseMermaid(diagram)).resolves.toBe('stateDiagram');
  });

  it('draws a machine without descriptions as before: events, guards and actions only', () => {
    const plain = renderMachineDiagram(
      setup({}).createMachine({ id: 'plain', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }),
    );
    expect(plain).toContain('a --> b : go');
    expect(plain).not.toContain('<br>');
  });
});

describe('an overview (a machine that asks for one: issue 18, read on one screen)', () => {
  /** Made up to hold what an overview must draw: steps, each with states inside, and ways back. */
  const tripMachine = setup({
    types: {
      events: {} as { type: 'trip.retry' } | { type: 'trip.change' } | { type: 'trip.edit' } | { type: 'trip.pay' },
    },
    actors: { findSeats: fromPromise(async () => true), charge: fromPromise(async () => true) },
    actions: { holdSeats: () => {} },
  }).createMachine({
    id: 'trip',
    meta: { diagram: 'overview' },
    initial: 'planning',
    states: {
      planning: {
        description: 'Planning the trip: the traveller picks where and when.',
        initial: 'searching',
        states: {
          searching: {
            description: 'Seats are being looked for.',
            invoke: {
              id: 'findSeats',
              src: 'findSeats',
              onDone: {
                target: '#trip.booking',
                description: 'Seats were found: on to booking them.',
                actions: 'holdSeats',
              },
              onError: { target: 'failed', description: 'No answer from the airline.' },
            },
          },
          failed: {
            description: 'The search failed.',
            on: { 'trip.retry': { target: 'searching', description: 'The traveller tries again.' } },
          },
        },
      },
      booking: {
        description:
          'The seats are held while the traveller pays, which takes a while when the bank checks the card a second time.',
        initial: 'reviewing',
        on: {
          'trip.change': { target: 'planning', description: 'The traveller changes the dates.' },
          'trip.edit': { target: '.reviewing', description: 'The traveller edits the names.' },
        },
        states: {
          reviewing: {
            description: 'The traveller checks the booking.',
            on: { 'trip.pay': { target: 'paying', description: 'The traveller pays.' } },
          },
          paying: {
            description: 'The card is being charged.',
            invoke: {
              id: 'charge',
              src: 'charge',
              onDone: {
                target: '#trip.booked',
                description: 'Paid: the tickets are on their way by e-mail, with the receipt in the same message.',
              },
              onError: { target: '#trip.planning.failed', description: 'The card was refused.' },
            },
          },
        },
      },
      booked: { type: 'final', description: 'Booked.' },
    },
  });
  const diagram = renderMachineDiagram(tripMachine);
  const lines = diagram.split('\n').map((line) => line.trim());
  const arrows = lines.filter((line) => line.includes(' --> ') && !line.includes('[*]'));

  it('is asked for by the machine, and Mermaid can read it', async () => {
    expect(drawnAsOverview(tripMachine)).toBe(true);
    expect(drawnAsOverview(setup({}).createMachine({ id: 'plain', initial: 'a', states: { a: {} } }))).toBe(false);
    await expect(parseMermaid(diagram)).resolves.toBe('stateDiagram');
  });

  it('draws each arrow between the states side by side in the composite holding both, never into another composite', () => {
    // paying → planning.failed and booking's own change both go back to planning: one arrow, each way said.
    expect(lines).toContain('booking --> planning : The traveller changes the dates.<br>The card was refused.');
    expect(lines).toContain('planning --> booking : Seats were found…');
    expect(lines).toContain('booking --> booked : Paid: the tickets are on their way…');
    expect(lines).toContain('planning_searching --> planning_failed : No answer from the airline.');
    expect(arrows.filter((line) => line.startsWith('booking') && line.includes('--> planning_'))).toEqual([]);
    expect(arrows).toHaveLength(7);
  });

  it('draws a composite’s transition to one of its own states from each of its other states', () => {
    expect(lines).toContain('booking_paying --> booking_reviewing : The traveller edits the names.');
    expect(arrows.filter((line) => line.startsWith('booking_reviewing --> booking_reviewing'))).toEqual([]);
  });

  it('writes the arrows that go on with the story first, the ways back after', () => {
    const top = arrows.filter((line) => !line.includes('_'));
    expect(top.map((line) => line.split(' : ')[0])).toEqual([
      'planning --> booking',
      'booking --> booked',
      'booking --> planning',
    ]);
  });

  it('says it in words: no events, guards, actions or invocations, and boxes hold only names and titles', () => {
    expect(diagram).not.toMatch(/<i>|findSeats|holdSeats|trip\.|invoke/);
    expect(
      arrows.every((line) =>
        line
          .split(' : ')[1]!
          .split('<br>')
          .every((text) => text.length <= OVERVIEW_ARROW_MAX + 1),
      ),
    ).toBe(true);
    expect(lines.filter((line) => /^\w+ : /.test(line))).toEqual([]);
    expect(lines).toContain('state "planning – Planning the trip" as planning {');
    // A description that does not open with a short clause gives no title.
    expect(lines).toContain('state booking {');
  });

  it('packs the story into the shape of a screen: down the steps, across inside each, boxes close together', () => {
    expect(lines.slice(0, 8)).toEqual([
      '---',
      'title: trip',
      'config:',
      'state:',
      'nodeSpacing: 20',
      'rankSpacing: 20',
      '---',
      'stateDiagram-v2',
    ]);
    expect(diagram).toMatch(/state booking \{\n\s*direction LR\n/);
  });

  it('keeps every transition whole, with its event, guard and actions, on the .md page', () => {
    const markdown = renderDiagramMarkdown({ name: 'trip', exportName: 'tripMachine', machine: tripMachine }, diagram);
    expect(markdown).toContain('The diagram is an overview');
    expect(markdown).toContain('| `booking.paying` | `planning.failed` | The card was refused. | error: charge |');
    expect(markdown).toContain(
      '| `planning.searching` | `booking` | Seats were found: on to booking them. | done: findSeats / holdSeats |',
    );
  });
});
