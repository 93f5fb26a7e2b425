/**
 * Drops the analysts' words from the app's machines in the production build: every state and
 * transition of src/machines/*.machine.ts carries a `description` for the diagrams (issue 18),
 * which the running app never reads, and which cost the landing route 2–4 KB of gzip over its
 * budget. Only string descriptions inside a createMachine config are dropped, never under
 * `context` (data may have a field of that name). The machines' own tests, Storybook and the
 * diagrams read the source and keep every word; vite dev and vitest never apply it.
 */
import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const MACHINE_FILE = /\/src\/machines\/[^/]+\.machine\.ts$/;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const keyName = (property: Node): string | undefined => {
  if (property.computed) return undefined;
  const key = property.key as Node & { name?: string; value?: unknown };
  return key.type === 'Identifier' ? key.name : typeof key.value === 'string' ? key.value : undefined;
};

const isPlainString = (value: Node) =>
  (value.type === 'Literal' && typeof value.value === 'string') ||
  (value.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0);

/** The ranges to cut: each `description: '…'` of a machine config with the comma that follows (or precedes) it. */
export function descriptionRanges(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  const config = (object: Node) => {
    const properties = (object.properties as Node[]).filter((property) => property.type === 'Property');
    properties.forEach((property, index) => {
      const name = keyName(property);
      const value = property.value as Node;
      if (name === 'context') return;
      if (name === 'description' && isPlainString(value)) {
        const next = properties[index + 1];
        const previous = properties[index - 1];
        ranges.push(
          next
            ? [property.start, next.start]
            : previous
              ? [previous.end, property.end]
              : [property.start, property.end],
        );
        return;
      }
      walk(value, config);
    });
  };
  const walk = (node: unknown, onObject: (object: Node) => void): void => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, onObject));
    if (!isNode(node)) return;
    if (node.type === 'ObjectExpression') return onObject(node);
    for (const [key, child] of Object.entries(node)) if (key !== 'type') walk(child, onObject);
  };
  // Every createMachine(config): `setup({…}).createMachine({…})` or a bare `createMachine({…})`.
  const findMachines = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(findMachines);
    if (!isNode(node)) return;
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string; property?: Node & { name?: string } };
      const named =
        callee.type === 'Identifier'
          ? callee.name
          : callee.type === 'MemberExpression'
            ? callee.property?.name
            : undefined;
      const [first] = node.arguments as Node[];
      if (named === 'createMachine' && first?.type === 'ObjectExpression') config(first);
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'type') findMachines(child);
  };
  findMachines(parseAst(code));
  return ranges;
}

export function stripMachineDescriptions(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    // After TypeScript is compiled away: the parser reads JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!MACHINE_FILE.test(id.split('?')[0]!)) return null;
      const ranges = descriptionRanges(code);
      if (ranges.length === 0) return null;
      const out = new MagicString(code);
      for (const [start, end] of ranges) out.remove(start, end);
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
