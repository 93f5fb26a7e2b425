import { describe, expect, it } from 'vitest';
import { descriptionRanges } from './strip-machine-descriptions.ts';

/** The code with the ranges cut, as the plugin's MagicString does. */
function stripped(code: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of [...descriptionRanges(code)].sort((a, b) => a[0] - b[0])) {
    out += code.slice(at, start);
    at = end;
  }
  return out + code.slice(at);
}

describe('the production build drops machine descriptions', () => {
  it('drops every string description of states and transitions inside createMachine, first, middle or last', () => {
    const code = `const m = setup({ actions: {} }).createMachine({
  id: 'quote', description: 'The quote.', initial: 'idle',
  states: {
    idle: { description: \`Waiting.\`, on: { 'quote.start': { target: 'busy', description: 'The visitor starts.' } } },
    busy: { on: { 'quote.done': { description: 'Done.', target: 'idle' } }, description: 'Working.' },
    done: { description: 'Finished.' },
  },
});`;
    const out = stripped(code);
    expect(out).not.toMatch(/description/);
    // Still a valid object literal with every other key.
    expect(out).toContain(`idle: { on: { 'quote.start': { target: 'busy' } } }`);
    expect(out).toContain(`busy: { on: { 'quote.done': { target: 'idle' } } }`);
    expect(out).toContain(`done: {  }`);
    expect(() => new Function(out.replace('setup({ actions: {} }).createMachine', 'JSON.stringify'))).not.toThrow();
  });

  it('keeps a description in the context (data), one built from values, and any outside a machine config', () => {
    const code = `const helper = { target: 'x', description: 'Outside.' };
const m = createMachine({
  context: { values: { description: '' } },
  states: { a: { description: \`Hello \${name}\` }, b: { description: words } },
});`;
    expect(descriptionRanges(code)).toEqual([]);
  });
});
