/**
 * Turns valibot issues into the API's 400: a readable message naming the fields and a
 * `fields` map (dot path → what is wrong), for the client to show next to its inputs.
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

/** The first issue per field wins: one clear complaint beats a list of consequences. */
export function issuesToFields(issues: readonly Issue[], location: InputLocation) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? location;
    fields[key] ??= describe(issue, location);
  }
  return fields;
}

export function validationError(issues: readonly Issue[], location: InputLocation): HttpError {
  const fields = issuesToFields(issues, location);
  const summary = Object.entries(fields)
    .map(([field, problem]) => `${field} ${problem}`)
    .join('; ');
  return new HttpError(400, `Invalid ${location}: ${summary}`, fields);
}

/** Validates one part of a request; throws the 400 described above. */
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
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) throw validationError(result.issues, location);
  return result.output;
}
