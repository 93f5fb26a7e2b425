/**
 * `npm run diagrams`: one Mermaid state diagram per machine in src/machines, drawn from the machine
 * definition itself (never by hand), written to docs/machines/<name>.mmd and <name>.md.
 * scripts/generate-diagrams.test.ts fails when a committed diagram no longer matches its machine.
 *
 * The diagrams are read by analysts (issue 18), so they tell the machine's story in its own
 * `description`s: each state's box opens with its description, and each arrow carries its
 * transition's description (cut short at a clause when long) above the event, guard and actions
 * it stands for. The .md page beside each diagram lists every state and transition with its
 * description in full. src/machines/machine-descriptions.test.ts sees that none is missing.
 *
 * A large machine drawn that way is a hairball, too small to read on a screen; one whose definition
 * says `meta: { diagram: 'overview' }` is drawn as an overview instead (renderMachineDiagram).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

// Plain paths, not `new URL(…)`: the test runs under jsdom, whose URL Node's fileURLToPath refuses.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MACHINES_DIR = join(ROOT, 'src', 'machines');
/** The lifecycles both sides ask (shared/lifecycle) are drawn beside the screens' machines. */
export const MACHINE_DIRS = [MACHINES_DIR, join(ROOT, 'shared', 'lifecycle')];
export const DIAGRAMS_DIR = join(ROOT, 'docs', 'machines');

const MACHINE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.machine\.ts$/;
/** Every file the generator owns in DIAGRAMS_DIR. */
export const DIAGRAM_FILE = /\.(mmd|md)$/;

export interface MachineEntry {
  /** Kebab-case name shared by the machine file and its diagrams: `speciality-catalog`. */
  name: string;
  /** The export holding the machine: `specialityCatalogMachine`. */
  exportName: string;
  machine: AnyStateMachine;
}

/** `speciality-catalog` → `specialityCatalogMachine`. */
export function machineExportName(name: string): string {
  return `${name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}Machine`;
}

/** Kebab-case names of the machine files in a directory, sorted. */
export function machineNames(dir: string = MACHINES_DIR): string[] {
  return readdirSync(dir)
    .flatMap((file) => MACHINE_FILE.exec(file)?.[1] ?? [])
    .sort();
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value;
}

/** Imports every *.machine.ts of src/machines and shared/lifecycle and picks its `<camelName>Machine` export. */
export async function loadMachines(dirs: string | string[] = MACHINE_DIRS): Promise<MachineEntry[]> {
  const entries: MachineEntry[] = [];
  for (const dir of typeof dirs === 'string' ? [dirs] : dirs)
    for (const name of machineNames(dir)) {
      const exportName = machineExportName(name);
      const module = (await import(pathToFileURL(join(dir, `${name}.machine.ts`)).href)) as Record<string, unknown>;
      const machine = module[exportName];
      if (!isMachine(machine)) throw new Error(`${name}.machine.ts must export its machine as \`${exportName}\``);
      entries.push({ name, exportName, machine });
    }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Rendering

type Transition = AnyStateNode['transitions'] extends Map<string, Array<infer T>> ? T : never;

/** Words Mermaid reads as keywords when they stand where a state id goes. */
const RESERVED_IDS = new Set([
  'as',
  'class',
  'classdef',
  'click',
  'default',
  'direction',
  'end',
  'hide',
  'href',
  'note',
  'scale',
  'state',
  'style',
]);

/** Descriptions are wrapped to this many characters a line inside a state's box or note… */
export const BOX_WIDTH = 40;
/** …and to this many on an arrow, where they are also cut short at a clause past ARROW_MAX. */
export const ARROW_WIDTH = 32;
export const ARROW_MAX = 60;

/** An overview's arrows carry their description alone, cut short past this many characters… */
export const OVERVIEW_ARROW_MAX = 36;
/** …and its boxes their name, a composite's with its description's first clause when that is this short. */
export const OVERVIEW_TITLE_MAX = 44;
/** Room between an overview's boxes, in pixels (Mermaid's default is 50). */
const OVERVIEW_SPACING = 20;

/** Function names JavaScript gives an inline arrow function from the property it sits in. */
const INLINE_NAMES = new Set(['', 'anonymous', 'actions', 'entry', 'exit', 'guard']);

/** Mermaid ends a label at `;` and a newline and reads `::` as a class marker. */
function label(text: string): string {
  return text
    .replace(/[;\n\r]+/g, ', ')
    .replace(/:{2,}/g, ':')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text broken at spaces into lines of at most `width` characters (a longer word stands alone).
 * Mermaid cannot end a line of a state's text with a colon, so a line never breaks just after one:
 * the word before it goes down to the next line.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label(text).replace(/:+$/, '').split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      const split = line.endsWith(':') ? line.lastIndexOf(' ') : -1;
      lines.push(split > 0 ? line.slice(0, split) : line);
      line = split > 0 ? `${line.slice(split + 1)} ${word}` : word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A description short enough for an arrow: as it is up to `max` characters, else cut at the last
 * clause (a colon, a comma, a semicolon, a dash or a bracket) or word that fits, with an ellipsis.
 * The .md page has it in full.
 */
export function shortDescription(text: string, max: number = ARROW_MAX): string {
  const whole = label(text);
  if (whole.length <= max) return whole;
  const head = whole.slice(0, max);
  const clause = Math.max(...[': ', '; ', ', ', ' (', ' — ', ' – '].map((mark) => head.lastIndexOf(mark)));
  const cut = clause >= max / 3 ? clause : head.lastIndexOf(' ');
  return `${whole.slice(0, cut > 0 ? cut : max).replace(/[\s,;:(—–-]+$/, '')}…`;
}

function quoted(text: string): string {
  return `"${text.replace(/"/g, "'")}"`;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states ?? {}) as AnyStateNode[];
}

/** Stable Mermaid ids: the state's path joined with `_`, made unique in document order. */
function assignIds(root: AnyStateNode, rootId: string): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>([[root, rootId]]);
  const used = new Set([rootId]);
  const visit = (node: AnyStateNode) => {
    for (const child of children(node)) {
      let base = child.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');
      if (/^[0-9]/.test(base) || RESERVED_IDS.has(base.toLowerCase())) base = `s_${base}`;
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
      used.add(id);
      ids.set(child, id);
      visit(child);
    }
  };
  visit(root);
  return ids;
}

function functionName(fn: { name?: string }): string | undefined {
  const name = fn.name ?? '';
  return INLINE_NAMES.has(name) ? undefined : name;
}

/** A guard as analysts read it: its name, or `!a`, `a && b`, `a || b`, `in(#id)` for the built-ins. */
export function guardText(guard: unknown, nested = false): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name?: string; check?: unknown; guards?: unknown[]; stateValue?: unknown };
    if (fn.check && Array.isArray(fn.guards)) {
      const parts = fn.guards.map((inner) => guardText(inner, true));
      if (fn.name === 'not') return `!${parts[0]}`;
      const joined = parts.join(fn.name === 'or' ? ' || ' : ' && ');
      return nested ? `(${joined})` : joined;
    }
    if (fn.check && fn.stateValue !== undefined) {
      return `in(${typeof fn.stateValue === 'string' ? fn.stateValue : JSON.stringify(fn.stateValue)})`;
    }
    return functionName(fn) ?? 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'guard';
}

/** An action by name; undefined for what XState adds itself (the timers behind `after`). */
export function actionText(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { name?: string; type?: unknown; id?: unknown; sendId?: unknown };
    if (typeof fn.type === 'string' && fn.type.startsWith('xstate.')) {
      const timer = fn.type === 'xstate.raise' ? fn.id : fn.type === 'xstate.cancel' ? fn.sendId : undefined;
      if (typeof timer === 'string' && timer.startsWith('xstate.after.')) return undefined;
      return fn.type.slice('xstate.'.length);
    }
    return functionName(fn) ?? 'inline action';
  }
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  return undefined;
}

function actionList(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? []).flatMap((action) => actionText(action) ?? []);
}

/** The name an invocation goes by: its id when one was given, else its source's name. */
function invokeName(node: AnyStateNode, invokeId: string): string {
  const index = node.invoke.findIndex((definition) => definition.id === invokeId);
  const definition = node.invoke[index];
  if (!definition) return invokeId;
  const config = [node.config.invoke].flat()[index] as { id?: string } | undefined;
  if (config?.id) return config.id;
  return typeof definition.src === 'string' && !definition.src.startsWith('xstate.invoke.')
    ? definition.src
    : 'invocation';
}

/** `xstate.done.actor.loadCatalog` → `done: loadCatalog`, `xstate.after.500.x` → `after 500ms`, … */
export function eventText(node: AnyStateNode, transition: Transition): string {
  const type = transition.eventType;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[1]}: ${invokeName(node, actor[2]!)}`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(type);
  if (snapshot) return `snapshot: ${invokeName(node, snapshot[1]!)}`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  if (type.startsWith('xstate.after.')) {
    const delay = (transition as { delay?: number | string }).delay;
    return typeof delay === 'number' ? `after ${delay}ms` : `after ${delay ?? '?'}`;
  }
  if (type === '') return 'always';
  if (type === 'xstate.route') return 'route';
  return type;
}

function transitionText(node: AnyStateNode, transition: Transition): string {
  const parts = [eventText(node, transition)];
  if (transition.guard !== undefined) parts.push(`[${guardText(transition.guard)}]`);
  const actions = actionList(transition.actions);
  if (actions.length) parts.push(`/ ${actions.join(', ')}`);
  return label(parts.join(' '));
}

/** A description as written, on one line; undefined when there is none. */
function descriptionOf(item: { description?: string | undefined }): string | undefined {
  const text = item.description?.replace(/\s+/g, ' ').trim();
  return text || undefined;
}

/** A description as the diagram can hold it: Mermaid ends a line at `;`, so a semicolon becomes a dash. */
function diagramDescription(item: { description?: string | undefined }): string | undefined {
  const text = descriptionOf(item);
  return text && label(text.replace(/\s*;\s*/g, ' — '));
}

/**
 * An arrow's label: its description (short, wrapped) over the event, guard and actions it stands
 * for; in an overview, the description alone, shorter (the .md page's table has the rest).
 */
function arrowText(node: AnyStateNode, transition: Transition, overview = false): string {
  const technical = transitionText(node, transition);
  const description = diagramDescription(transition);
  if (overview) return description ? shortDescription(description, OVERVIEW_ARROW_MAX) : technical;
  return description ? `${shortDescription(description)}<br><i>${technical}</i>` : technical;
}

function ownTransitions(node: AnyStateNode): Transition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let current = node.parent; current; current = current.parent) chain.push(current);
  return chain;
}

/**
 * Where an arrow is written: the block of the nearest composite state holding both ends, or the
 * top of the diagram (null) for arrows that start or end on the machine itself.
 */
function edgeScope(source: AnyStateNode, target: AnyStateNode): AnyStateNode | null {
  if (!source.parent || !target.parent) return null;
  const targetAncestors = new Set(ancestors(target));
  return ancestors(source).find((node) => targetAncestors.has(node)) ?? null;
}

/** Lines written inside a state's box: its description, then what it runs and the transitions that stay put. */
function stateDescriptions(node: AnyStateNode): string[] {
  const description = node.parent ? diagramDescription(node) : undefined;
  return [...(description ? wrapText(description, BOX_WIDTH) : []), ...stateWorkings(node)];
}

/** What a state runs: entry/exit actions, invocations, transitions that stay put, history. */
function stateWorkings(node: AnyStateNode): string[] {
  const lines = stateRuns(node, false);
  for (const transition of ownTransitions(node)) {
    if (transition.target?.length) continue;
    const text = transitionText(node, transition);
    lines.push(transition.actions.length ? text : `${text} (ignored)`);
  }
  if (node.type === 'history') lines.push(node.history === 'deep' ? 'deep history' : 'history');
  return lines.map(label);
}

/** Entry and exit actions and invocations (and, when asked, history): what the state runs itself. */
function stateRuns(node: AnyStateNode, withHistory = true): string[] {
  const lines: string[] = [];
  const entry = actionList(node.entry);
  if (entry.length) lines.push(`entry / ${entry.join(', ')}`);
  const exit = actionList(node.exit);
  if (exit.length) lines.push(`exit / ${exit.join(', ')}`);
  node.invoke.forEach((definition) => lines.push(`invoke ${invokeName(node, definition.id)}`));
  if (withHistory && node.type === 'history') lines.push(node.history === 'deep' ? 'deep history' : 'history');
  return lines.map(label);
}

interface Edge {
  /** The composite whose block holds the arrow; null for the top of the diagram. */
  scope: AnyStateNode | null;
  line: string;
}

function collectEdges(node: AnyStateNode, ids: Map<AnyStateNode, string>, edges: Edge[] = []): Edge[] {
  for (const transition of ownTransitions(node)) {
    for (const target of transition.target ?? []) {
      const line = `${ids.get(node)} --> ${ids.get(target)} : ${arrowText(node, transition)}`;
      edges.push({ scope: node === target ? (node.parent ?? null) : edgeScope(node, target), line });
    }
  }
  for (const child of children(node)) collectEdges(child, ids, edges);
  return edges;
}

/** `node`, or its ancestor that sits directly in `scope`. */
function sideIn(scope: AnyStateNode, node: AnyStateNode): AnyStateNode {
  let side = node;
  while (side.parent && side.parent !== scope) side = side.parent;
  return side;
}

function isInside(node: AnyStateNode, container: AnyStateNode): boolean {
  return ancestors(node).includes(container);
}

/**
 * An overview's arrows, grouped by the parent states: an arrow is drawn between the two states
 * (or composites) that hold its ends side by side, in the nearest composite holding both, so no
 * arrow reaches into another composite; two states are joined by one arrow saying each way it is
 * taken. A composite's transition to one of its own states is drawn from each of its other states;
 * one back to a composite holding it, to where that composite starts. Arrows that go on with the
 * story (to a state written later in the machine) come first, the nearest step first: Mermaid
 * lays the story out along them, and the ways back curve back.
 */
function collectOverviewEdges(root: AnyStateNode, ids: Map<AnyStateNode, string>): Edge[] {
  const drawn = new Map<string, Edge & { from: AnyStateNode; to: AnyStateNode; texts: string[] }>();
  const draw = (scope: AnyStateNode | null, from: AnyStateNode, to: AnyStateNode, text: string) => {
    const key = `${ids.get(from)} ${ids.get(to)}`;
    const edge = drawn.get(key) ?? { scope, from, to, texts: [], line: '' };
    if (!edge.texts.includes(text)) edge.texts.push(text);
    edge.line = `${ids.get(from)} --> ${ids.get(to)} : ${edge.texts.join('<br>')}`;
    drawn.set(key, edge);
  };
  for (const node of [root, ...descendants(root)]) {
    for (const transition of ownTransitions(node)) {
      const text = arrowText(node, transition, true);
      for (const target of transition.target ?? []) {
        if (node === target) {
          draw(node.parent ?? null, node, node, text);
        } else if (!node.parent) {
          // The machine's own transitions start from the box drawn around it.
          draw(null, node, sideIn(node, target), text);
        } else if (isInside(target, node)) {
          const to = sideIn(node, target);
          for (const from of children(node)) if (from !== to) draw(node, from, to, text);
        } else if (isInside(node, target)) {
          const from = sideIn(target, node);
          for (const start of target.initial?.target ?? []) draw(target, from, sideIn(target, start), text);
        } else {
          const scope = edgeScope(node, target)!;
          draw(scope, sideIn(scope, node), sideIn(scope, target), text);
        }
      }
    }
  }
  const order = new Map([root, ...descendants(root)].map((node, index) => [node, index]));
  const onward = (edge: { from: AnyStateNode; to: AnyStateNode }) => order.get(edge.to)! > order.get(edge.from)!;
  const edges = [...drawn.values()];
  const forward = edges.filter(onward).sort((a, b) => order.get(a.to)! - order.get(b.to)!);
  return [...forward, ...edges.filter((edge) => !onward(edge))];
}

/** Whether the machine asks to be drawn as an overview: `meta: { diagram: 'overview' }` on the machine. */
export function drawnAsOverview(machine: AnyStateMachine): boolean {
  return (machine.root.meta as { diagram?: unknown } | undefined)?.diagram === 'overview';
}

class DiagramWriter {
  private readonly lines: string[];

  constructor(
    private readonly root: AnyStateNode,
    private readonly ids: Map<AnyStateNode, string>,
    private readonly edges: Edge[],
    private readonly overview = false,
  ) {
    // An overview packs its boxes closer, to fit a screen.
    const spacing = [
      'config:',
      '  state:',
      `    nodeSpacing: ${OVERVIEW_SPACING}`,
      `    rankSpacing: ${OVERVIEW_SPACING}`,
    ];
    this.lines = ['---', `title: ${label(root.machine.id)}`, ...(overview ? spacing : []), '---', 'stateDiagram-v2'];
  }

  /**
   * A machine whose root reacts to events itself (or invokes, or runs entry actions) is drawn as
   * a box around its states, so those arrows have somewhere to start; otherwise its states are
   * the top of the diagram.
   */
  render(): string {
    const boxed =
      this.edges.some((edge) => edge.scope === null) || (!this.overview && stateDescriptions(this.root).length > 0);
    if (boxed) {
      this.lines.push(`  [*] --> ${this.id(this.root)}`);
      this.state(this.root, 1);
      this.edgeLines(null, 1);
      if (this.root.type === 'final') this.lines.push(`  ${this.id(this.root)} --> [*]`);
    } else {
      this.scope(this.root, 1);
    }
    return `${this.lines.join('\n')}\n`;
  }

  private id(node: AnyStateNode): string {
    return this.ids.get(node)!;
  }

  private edgeLines(scope: AnyStateNode | null, depth: number): void {
    for (const edge of this.edges) if (edge.scope === scope) this.lines.push(`${'  '.repeat(depth)}${edge.line}`);
  }

  /** The inside of a composite: its initial arrow, its states, the arrows between them, its final exits. */
  private scope(node: AnyStateNode, depth: number): void {
    const pad = '  '.repeat(depth);
    if (node.type === 'parallel') {
      children(node).forEach((region, index) => {
        if (index > 0) this.lines.push(`${pad}--`);
        this.state(region, depth);
      });
    } else {
      const actions = actionList(node.initial?.actions);
      for (const target of node.initial?.target ?? []) {
        this.lines.push(
          `${pad}[*] --> ${this.id(target)}${actions.length ? ` : ${label(`/ ${actions.join(', ')}`)}` : ''}`,
        );
      }
      for (const child of children(node)) this.state(child, depth);
    }
    this.edgeLines(node, depth);
    for (const child of children(node)) {
      if (child.type === 'final') this.lines.push(`${pad}${this.id(child)} --> [*]`);
    }
  }

  /**
   * A state's box. Mermaid shows a lone `id : text` line instead of the state's name, so a state
   * with lines inside is always declared with its name first; a composite state cannot hold lines
   * at all, so its lines go in a note beside it.
   */
  private state(node: AnyStateNode, depth: number): void {
    if (this.overview) return this.overviewState(node, depth);
    const pad = '  '.repeat(depth);
    const id = this.id(node);
    const name = node.parent ? node.key : node.machine.id;
    const descriptions = stateDescriptions(node);
    if (node.type === 'compound' || node.type === 'parallel') {
      this.lines.push(`${pad}state ${id === name ? id : `${quoted(label(name))} as ${id}`} {`);
      this.scope(node, depth + 1);
      this.lines.push(`${pad}}`);
      if (descriptions.length) {
        this.lines.push(
          `${pad}note right of ${id}`,
          ...descriptions.map((line) => `${pad}  ${line}`),
          `${pad}end note`,
        );
      }
      return;
    }
    if (id === name && descriptions.length === 0) this.lines.push(`${pad}${id}`);
    else this.lines.push(`${pad}state ${quoted(label(name))} as ${id}`);
    for (const description of descriptions) this.lines.push(`${pad}${id} : ${description}`);
  }

  /**
   * A state's box in an overview: its name, nothing inside (the arrows tell the story, the .md page
   * the rest). The machine reads down its steps, what happens inside each step across, and so on
   * turn about, which packs the story into the shape of a screen. A composite's title says what
   * it is about when its description opens with a short clause.
   */
  private overviewState(node: AnyStateNode, depth: number): void {
    const pad = '  '.repeat(depth);
    const id = this.id(node);
    const name = node.parent ? node.key : node.machine.id;
    if (node.type === 'compound' || node.type === 'parallel') {
      const title = label([name, overviewTitle(node)].filter(Boolean).join(' – '));
      const direction = node.path.length % 2 === 1 ? 'LR' : 'TB';
      this.lines.push(
        `${pad}state ${id === title ? id : `${quoted(title)} as ${id}`} {`,
        `${pad}  direction ${direction}`,
      );
      this.scope(node, depth + 1);
      this.lines.push(`${pad}}`);
      return;
    }
    this.lines.push(id === name ? `${pad}${id}` : `${pad}state ${quoted(label(name))} as ${id}`);
  }
}

/** A composite's description up to its first colon, dash or semicolon, when that is short. */
function overviewTitle(node: AnyStateNode): string | undefined {
  const clause = diagramDescription(node)
    ?.split(/:|;| — | – /)[0]
    ?.trim();
  return clause && clause.length <= OVERVIEW_TITLE_MAX ? clause : undefined;
}

/**
 * The Mermaid `stateDiagram-v2` source for a machine. Deterministic: same definition, same text.
 *
 * In full, every state's box holds its description and what it runs, and every transition is an
 * arrow labelled with its description over its event, guard and actions. A machine that asks for
 * an overview is drawn to be read on one screen: boxes hold names (and composites a short title),
 * arrows their description alone, grouped by the parent states (collectOverviewEdges); the .md
 * page's tables keep everything else.
 */
export function renderMachineDiagram(machine: AnyStateMachine): string {
  const root = machine.root as AnyStateNode;
  const rootId = machine.id.replace(/[^A-Za-z0-9_]/g, '_') || 'machine';
  const ids = assignIds(root, RESERVED_IDS.has(rootId.toLowerCase()) ? `m_${rootId}` : rootId);
  if (!drawnAsOverview(machine)) return new DiagramWriter(root, ids, collectEdges(root, ids)).render();
  return new DiagramWriter(root, ids, collectOverviewEdges(root, ids), true).render();
}

// ---------------------------------------------------------------------------------------------
// The Markdown page

/** A state as the tables name it: its path, `ready.signing`; the machine itself is `(machine)`. */
function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(machine)';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function code(text: string): string {
  return `\`${text}\``;
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...descendants(child)]);
}

/** Every state with its description and what it runs; the machine's own row only when it runs something. */
export function stateTable(machine: AnyStateMachine): string[] {
  const root = machine.root as AnyStateNode;
  const rows = [root, ...descendants(root)]
    .map((node) => ({ node, runs: stateRuns(node) }))
    .filter(({ node, runs }) => node.parent || runs.length > 0)
    .map(
      ({ node, runs }) =>
        `| ${code(statePath(node))} | ${cell(descriptionOf(node) ?? '')} | ${cell(runs.join('; '))} |`,
    );
  return ['| State | What is happening | Runs |', '| --- | --- | --- |', ...rows];
}

/** Every transition: where from and to, what it means, and the event, guard and actions it is. */
export function transitionTable(machine: AnyStateMachine): string[] {
  const root = machine.root as AnyStateNode;
  const rows = [root, ...descendants(root)].flatMap((node) =>
    ownTransitions(node).map((transition) => {
      const to = transition.target?.length
        ? transition.target.map((target) => code(statePath(target as AnyStateNode))).join(', ')
        : '(stays)';
      return `| ${code(statePath(node))} | ${to} | ${cell(descriptionOf(transition) ?? '')} | ${cell(transitionText(node, transition))} |`;
    }),
  );
  return ['| From | To | What happens | Event [guard] / actions |', '| --- | --- | --- | --- |', ...rows];
}

/** The Markdown page next to each .mmd: GitHub and most wikis draw the fenced diagram; the tables say it in full. */
export function renderDiagramMarkdown(
  entry: Pick<MachineEntry, 'name' | 'exportName'> & Partial<Pick<MachineEntry, 'machine'>>,
  diagram: string,
): string {
  const overview =
    entry.machine && drawnAsOverview(entry.machine)
      ? [
          '',
          'The diagram is an overview: arrows between composite states stand for the transitions of the states inside them, and say what happens; the tables below give each transition with its event, guard and actions.',
        ]
      : [];
  const tables = entry.machine
    ? ['', '## States', '', ...stateTable(entry.machine), '', '## Transitions', '', ...transitionTable(entry.machine)]
    : [];
  return [
    `# ${entry.exportName}`,
    '',
    `Generated by \`npm run diagrams\` from \`src/machines/${entry.name}.machine.ts\`. Do not edit: change the machine.`,
    ...overview,
    '',
    '```mermaid',
    diagram.trimEnd(),
    '```',
    ...tables,
    '',
  ].join('\n');
}

/** Every file the generator writes, by file name in DIAGRAMS_DIR. */
export function renderDiagramFiles(entries: readonly MachineEntry[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    const diagram = renderMachineDiagram(entry.machine);
    files.set(`${entry.name}.mmd`, diagram);
    files.set(`${entry.name}.md`, renderDiagramMarkdown(entry, diagram));
  }
  return files;
}

async function main(): Promise<void> {
  const files = renderDiagramFiles(await loadMachines());
  mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const stale of readdirSync(DIAGRAMS_DIR)) {
    if (DIAGRAM_FILE.test(stale) && !files.has(stale)) {
      rmSync(join(DIAGRAMS_DIR, stale));
      console.log(`removed ${join(DIAGRAMS_DIR, stale)}`);
    }
  }
  for (const [file, text] of files) {
    writeFileSync(join(DIAGRAMS_DIR, file), text);
    console.log(`wrote ${join(DIAGRAMS_DIR, file)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
