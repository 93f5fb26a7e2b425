// @vitest-environment jsdom
// (Mermaid's parser needs a DOM to load; it does not lay anything out here.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, fromPromise, not, setup } from 'xstate';
import {
  DIAGRAM_FILE,
  DIAGRAMS_DIR,
  loadMachines,
  machineExportName,
  renderDiagramFiles,
  renderMachineDiagram,
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

  it.each([...files.keys()].filter((file) => file.endsWith('.mmd')))('%s is a state diagram Mermaid can read', async (file) => {
    await expect(parseMermaid(files.get(file)!)).resolves.toBe('stateDiagram');
  });

  it(`has no diagram for a machine that no longer exists (${FIX})`, () => {
    const committed = existsSync(DIAGRAMS_DIR) ? readdirSync(DIAGRAMS_DIR).filter((file) => DIAGRAM_FILE.test(file)) : [];
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
    const block = diagram.slice(diagram.indexOf('state closed {'), diagram.indexOf('}', diagram.indexOf('state closed {')));
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
