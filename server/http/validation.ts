/**
 * Turns valibot issues into the API's 400: a readable message naming the fields and a
 * `fields` map (dot path → what is wrong), for the client to show next to its inputs.
 *
 * The maps are built without a prototype: a field is whatever the client named it, `__proto__`
 * included, and `fields['__proto__'] = …` on a plain object would change its prototype instead
 * of naming the field.
 */
import * as v from 'valibot';
import { HttpError } from '@server/http/http-error';

export type InputLocation = 'params' | 'query' | 'body';

type Issue = v.BaseIssue<unknown>;

/** Valibot's default messages start with "Invalid …"; contract schemas write their own. */
const isDefaultMessage = (issue: Issue) => /^Invalid \w+: /.test(issue.message);

const simpleTypes = new Set(['string', 'number', 'boolean', 'bigint', 'Array', 'Object', 'Date']);

const unitOf = (issue: Issue) => (Array.isArray(issue.input) ? 'items' : 'characters');

function describe(issue: Issue, location: InputLocation): string {
  if (issue.kind === 'schema' && issue.input === undefined) return 'is required';
  // `?id=1&id=2` arrives as a list.
  if (issue.kind === 'schema' && location === 'query' && Array.isArray(issue.input)) {
    return 'must be given only once';
  }
  if (!isDefaultMessage(issue)) return issue.message;
  switch (issue.type) {
    case 'min_length':
      return `must have at least ${String(issue.requirement)} ${unitOf(issue)}`;
    case 'max_length':
      return `must have at most ${String(issue.requirement)} ${unitOf(issue)}`;
    case 'min_value':
      return `must be at least ${String(issue.requirement)}`;
    case 'max_value':
      return `must be at most ${String(issue.requirement)}`;
    case 'integer':
      return 'must be a whole number';
    case 'email':
      return 'must be an e-mail address';
    case 'url':
      return 'must be a URL';
    case 'regex':
      return 'has an invalid format';
    case 'picklist':
    case 'enum':
      return `must be one of ${issue.expected ?? 'the allowed values'}`;
  }
  if (issue.kind === 'schema') {
    const expected = issue.expected ?? 'valid';
    if (!simpleTypes.has(expected)) return `must be ${expected} (got ${issue.received})`;
    const type = expected.toLowerCase();
    return `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} (got ${issue.received})`;
  }
  return issue.message.replace(/^Invalid \w+: /, '');
}

/** Wrappers whose input is either nothing or what they wrap. */
const wrappers = new Set([
  'optional',
  'exact_optional',
  'nullable',
  'nullish',
  'undefinedable',
  'non_nullable',
  'non_nullish',
  'non_optional',
]);

type Walkable = {
  type: string;
  entries?: Record<string, Walkable>;
  wrapped?: Walkable;
  item?: Walkable;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys the schema does not declare, by dot path, in object schemas at any depth reached
 * through objects, arrays and optional/nullable wrappers. `v.object` would drop them
 * silently, so a typo (`clientURL=`) would look like an absent parameter: they are refused
 * instead. A schema that wants extra keys says so with `v.looseObject` or `v.objectWithRest`.
 */
export function unknownKeys(schema: v.GenericSchema, input: unknown): string[] {
  const found: string[] = [];
  // The path so far, as its keys: written out only for a key found (issue 17: no string per key).
  const path: Array<string | number> = [];
  const walk = (node: Walkable, value: unknown): void => {
    while (wrappers.has(node.type) && node.wrapped) node = node.wrapped;
    if (node.type === 'array' && node.item && Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        walk(node.item, value[index]);
        path.pop();
      }
      return;
    }
    if (!node.entries || !isPlainObject(value)) return;
    const strict = node.type === 'object' || node.type === 'strict_object';
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(node.entries, key)) {
        if (strict) found.push([...path, key].join('.'));
      } else {
        path.push(key);
        walk(node.entries[key]!, value[key]);
        path.pop();
      }
    }
  };
  walk(schema as unknown as Walkable, input);
  return found;
}

/** An empty map of field → problem that takes any key as a field (see the top). */
const fieldMap = (): Record<string, string> => Object.create(null) as Record<string, string>;

const NUL_PROBLEM = 'must not contain NUL characters';

/**
 * Every string holding U+0000, by dot path, keys included: PostgreSQL stores no NUL in text or
 * jsonb and would answer a 500 ("invalid byte sequence"), so it is refused here, once, for
 * every route. A key holding one is named as it is.
 */
export function nulPaths(input: unknown): string[] {
  // Nearly every input holds none: a first look that builds no paths (issue 17).
  if (!holdsNul(input)) return [];
  const found: string[] = [];
  // Depth first with a stack of its own: however deep the JSON, no recursion to overflow.
  const pending: Array<[value: unknown, path: string]> = [[input, '']];
  const under = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push([value[index], under(path, index)]);
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        // Pushed as a string of its own: named when the key holds a NUL, else its value is looked at.
        pending.push(key.includes('\u0000') ? [key, under(path, key)] : [item, under(path, key)]);
      }
    }
  }
  return found;
}

/** Whether any string in the input, keys included, holds U+0000; its own stack, as nulPaths. */
function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) pending.push(value[index]);
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        if (key.includes('\u0000')) return true;
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

const unknownKeyProblem: Record<InputLocation, string> = {
  params: 'is not a known path parameter',
  query: 'is not a known parameter',
  body: 'is not a known field',
};

/** The first issue per field wins: one clear complaint beats a list of consequences. */
export function issuesToFields(issues: readonly Issue[], location: InputLocation) {
  const fields = fieldMap();
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? location;
    fields[key] ??= describe(issue, location);
  }
  return fields;
}

export function validationError(
  issues: readonly Issue[],
  location: InputLocation,
  unknown: readonly string[] = [],
  nul: readonly string[] = [],
): HttpError {
  const fields = fieldMap();
  for (const key of unknown) fields[key] = unknownKeyProblem[location];
  for (const key of nul) fields[key || location] ??= NUL_PROBLEM;
  for (const [key, problem] of Object.entries(issuesToFields(issues, location))) fields[key] ??= problem;
  const summary = Object.entries(fields)
    .map(([field, problem]) => `${field} ${problem}`)
    .join('; ');
  return new HttpError(400, `Invalid ${location}: ${summary}`, fields);
}

const PARSE_CONFIG = { abortPipeEarly: true } as const;

/**
 * Validates one part of a request; throws the 400 described above. Query strings and bodies
 * with keys their schema does not know are refused too (see unknownKeys), and so is any string
 * holding a NUL character (see nulPaths).
 */
export function parseInput<S extends v.GenericSchema>(
  location: InputLocation,
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  // Valibot's object schemas accept arrays (missing keys aside); say what is actually wrong.
  if (Array.isArray(input) && /object|record/.test(schema.type)) {
    throw new HttpError(400, `Invalid ${location}: must be an object, not an array`, {
      [location]: 'must be an object, not an array',
    });
  }
  const unknown = location === 'params' ? [] : unknownKeys(schema, input);
  const nul = nulPaths(input);
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  if (!result.success || unknown.length > 0 || nul.length > 0) {
    throw validationError(result.success ? [] : result.issues, location, unknown, nul);
  }
  return result.output;
}
