/**
 * Issue 18: the machines are read by analysts (docs/machines, drawn by `npm run diagrams`), so
 * every state says in words what is happening, and every transition says what moved it: what a
 * person did, what the server answered, or why the machine moved on by itself. A state or a
 * transition added without one fails here, naming the machine and where.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';

const MACHINES_DIR = dirname(fileURLToPath(import.meta.url));
/** The lifecycles both sides ask live in shared/lifecycle and are read the same way. */
const LIFECYCLES_DIR = join(MACHINES_DIR, '..', '..', 'shared', 'lifecycle');

interface FoundMachine {
  /** `payment.machine.ts › paymentMachine`, for the failure messages. */
  name: string;
  machine: AnyStateMachine;
}

type Transition = AnyStateNode['transitions'] extends Map<string, Array<infer T>> ? T : never;

/** Every export named `…Machine` that is a machine, from every src/machines/*.machine.ts. */
async function findMachines(): Promise<{ files: string[]; machines: FoundMachine[] }> {
  const paths = [MACHINES_DIR, LIFECYCLES_DIR].flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => join(dir, file)),
  );
  const files = paths.map((path) => path.slice(path.lastIndexOf('/') + 1)).sort();
  const machines: FoundMachine[] = [];
  for (const path of paths) {
    const file = path.slice(path.lastIndexOf('/') + 1);
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (exportName.endsWith('Machine') && value instanceof StateMachine) {
        machines.push({ name: `${file} › ${exportName}`, machine: value as AnyStateMachine });
      }
    }
  }
  return { files, machines };
}

/** Every state node below the root, depth first. */
function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states ?? {}).flatMap((child) => [
    child as AnyStateNode,
    ...stateNodes(child as AnyStateNode),
  ]);
}

function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(machine)';
}

/** Every transition a state node owns: its events, invocations' answers, timers and eventless moves. */
function transitionsOf(node: AnyStateNode): { event: string; transition: Transition }[] {
  const own = [...node.transitions].flatMap(([event, transitions]) =>
    transitions.map((transition) => ({ event, transition })),
  );
  return own.concat((node.always ?? []).map((transition) => ({ event: '(always)', transition })));
}

function allTransitions(machine: AnyStateMachine) {
  const root = machine.root as AnyStateNode;
  return [root, ...stateNodes(root)].flatMap((node) => transitionsOf(node).map((found) => ({ node, ...found })));
}

function where(node: AnyStateNode, event: string, transition: Transition): string {
  const targets = transition.target?.map((target) => statePath(target)).join(', ');
  return `"${statePath(node)}" on ${event}${targets ? ` → ${targets}` : ' (stays)'}`;
}

const isBlank = (text: string | undefined) => !text || text.trim() === '';

/** The lines of a failure message: each machine with what it lacks. */
function report(missing: Map<string, string[]>): string {
  return [...missing]
    .map(([name, places]) => `${name}:\n${places.map((place) => `  - ${place}`).join('\n')}`)
    .join('\n');
}

function collect(machines: FoundMachine[], lacking: (machine: AnyStateMachine) => string[]): Map<string, string[]> {
  const missing = new Map<string, string[]>();
  for (const { name, machine } of machines) {
    const places = lacking(machine);
    if (places.length) missing.set(name, places);
  }
  return missing;
}

describe('machine descriptions (an analyst reads the machines: docs/machines)', async () => {
  const { files, machines } = await findMachines();

  it('finds a machine in every src/machines/*.machine.ts', () => {
    const found = new Set(machines.map(({ name }) => name.split(' › ')[0]));
    expect(files.filter((file) => !found.has(file))).toEqual([]);
    expect(machines.length).toBeGreaterThanOrEqual(files.length);
  });

  it('gives every state a description', () => {
    const missing = collect(machines, (machine) =>
      stateNodes(machine.root as AnyStateNode)
        .filter((node) => isBlank(node.description))
        .map((node) => `state "${statePath(node)}"`),
    );
    expect(
      missing.size,
      `States without a description (one plain sentence: what is happening, what the person sees or waits for):\n${report(missing)}`,
    ).toBe(0);
  });

  it('gives every transition a person or the page sends a description', () => {
    const missing = collect(machines, (machine) =>
      allTransitions(machine)
        .filter(
          ({ event, transition }) =>
            !event.startsWith('xstate.') && event !== '(always)' && isBlank(transition.description),
        )
        .map(({ node, event, transition }) => where(node, event, transition)),
    );
    expect(missing.size, `Events without a description (who did what):\n${report(missing)}`).toBe(0);
  });

  it('gives every answer from the server, timer and move the machine makes by itself a description', () => {
    const missing = collect(machines, (machine) =>
      allTransitions(machine)
        .filter(
          ({ event, transition }) =>
            (event.startsWith('xstate.') || event === '(always)') && isBlank(transition.description),
        )
        .map(({ node, event, transition }) => where(node, event, transition)),
    );
    expect(
      missing.size,
      `Transitions without a description (what the answer was, or why the machine moved on):\n${report(missing)}`,
    ).toBe(0);
  });

  it('writes descriptions as plain text, not HTTP calls, on one line', () => {
    const texts = machines.flatMap(({ name, machine }) => [
      ...stateNodes(machine.root as AnyStateNode).map((node) => ({
        name,
        place: `state "${statePath(node)}"`,
        text: node.description,
      })),
      ...allTransitions(machine).map(({ node, event, transition }) => ({
        name,
        place: where(node, event, transition),
        text: transition.description,
      })),
    ]);
    const codeLike = texts.filter(
      ({ text }) => text !== undefined && (/[\r\n]/.test(text) || /\b(GET|POST|PUT|PATCH|DELETE) [a-z]/.test(text)),
    );
    expect(codeLike.map(({ name, place, text }) => `${name}: ${place}: ${text}`)).toEqual([]);
  });
});
