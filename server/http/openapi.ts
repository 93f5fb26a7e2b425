/**
 * The OpenAPI 3.1 document, generated from the routes defineRoute recorded, with JSON Schemas
 * converted from the same valibot schemas the server validates with and the client parses with.
 */
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { apiErrorSchema } from '@shared/contract/error';
import type { RegisteredRoute } from '@server/http/route';
import { MAX_URL_BYTES } from '@server/http/uri-length';

type Json = Record<string, unknown>;

/**
 * Requests are documented by what a client sends (the input side of transforms). Checks JSON
 * Schema cannot express (trim, custom checks) are left out rather than failing the document.
 * In requests, `v.object` refuses keys it does not declare (see unknownKeys): say so.
 */
function schemaOf(schema: v.GenericSchema, side: 'request' | 'response' = 'request'): Json {
  const { $schema: _ignored, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
    overrideAction: ({ valibotAction, jsonSchema }) =>
      valibotAction.type === 'regex' ? { ...jsonSchema, pattern: patternOf(valibotAction) } : undefined,
    overrideSchema: ({ valibotSchema, jsonSchema }) =>
      side === 'request' && (valibotSchema.type === 'object' || valibotSchema.type === 'strict_object')
        ? { ...jsonSchema, additionalProperties: false }
        : undefined,
  }) as JsonSchema & Json;
  return json;
}

/**
 * JSON Schema patterns have no flags: spell out the common case-insensitive letter ranges
 * so the document does not claim `[a-z]` where the server accepts `[A-Z]` too.
 */
function patternOf(action: unknown): string {
  const { requirement } = action as { requirement: RegExp };
  if (!requirement.flags.includes('i')) return requirement.source;
  return requirement.source.replaceAll('a-z', 'a-zA-Z').replace(/(?<!a-z)A-Z/g, 'A-Za-z');
}

function parametersOf(schema: v.GenericSchema | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** Bytes in OpenAPI 3.1: a string whose contentMediaType says what they are. */
const bytesOf = (type: string, description?: string): Json => ({
  type: 'string',
  contentMediaType: type,
  ...(description ? { description } : {}),
});

function successOf(route: RegisteredRoute): Json {
  if (!route.binary) {
    return {
      description: route.summary,
      content: { 'application/json': { schema: schemaOf(route.response, 'response') } },
    };
  }
  const { description } = schemaOf(route.response, 'response') as { description?: string };
  const content = Object.fromEntries(route.binary.types.map((type) => [type, { schema: bytesOf(type, description) }]));
  const headers = Object.fromEntries(
    Object.entries(route.binary.headers ?? {}).map(([name, said]) => [
      name,
      { description: said, schema: { type: 'string' } },
    ]),
  );
  return { description: route.summary, content, ...(Object.keys(headers).length ? { headers } : {}) };
}

/** The multipart body: its fields as the contract has them, plus the repeated file part. */
function multipartBodyOf(multipart: NonNullable<RegisteredRoute['multipart']>): Json {
  const fields = schemaOf(multipart.fields);
  const { name, description, maxItems, maxBytes, types } = multipart.files;
  const schema = {
    ...fields,
    properties: {
      ...((fields.properties ?? {}) as Json),
      [name]: {
        type: 'array',
        description: `${description} At most ${maxItems} files of at most ${maxBytes} bytes each; accepted by content: ${types.join(', ')}.`,
        items: bytesOf('application/octet-stream'),
        minItems: 1,
        maxItems,
      },
    },
    required: [...((fields.required ?? []) as string[]), name],
  };
  return {
    required: true,
    content: { 'multipart/form-data': { schema, encoding: { [name]: { contentType: types.join(', ') } } } },
  };
}

function requestBodyOf(route: RegisteredRoute): Json {
  if (route.multipart) return { requestBody: multipartBodyOf(route.multipart) };
  if (!route.body) return {};
  return { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } } };
}

function operationOf(route: RegisteredRoute): Json {
  const responses: Json = {
    [String(route.status)]: successOf(route),
    '400': errorResponse('Invalid input: `fields` names what is wrong'),
  };
  if (!route.public) responses['401'] = errorResponse('No valid bearer token');
  responses['404'] = errorResponse('Not found (or not yours)');
  for (const [code, description] of Object.entries(route.errors)) responses[code] = errorResponse(description);
  // Any address, before routing (server/http/uri-length.ts): one shared description.
  responses['414'] = { $ref: '#/components/responses/UriTooLong' };
  responses['500'] = errorResponse('Unexpected server error');

  return {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.tags.length ? { tags: route.tags } : {}),
    // An empty requirement list is how OpenAPI says "no authentication".
    ...(route.public ? { security: [] } : {}),
    parameters: [
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
      ...Object.entries(route.headers).map(([name, description]) => ({
        name,
        in: 'header',
        required: false,
        description,
        schema: { type: 'string' },
      })),
    ],
    ...requestBodyOf(route),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const item = (paths[path] ??= {});
    item[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Speciality insurance portal API',
      version,
      description:
        'Errors are `{ status, message, fields? }`. Send the access token as a Bearer ' +
        'authorization header; operations with `security: []` are public.',
    },
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { ApiError: schemaOf(apiErrorSchema, 'response') },
      responses: { UriTooLong: errorResponse(`The URL (path and query) is longer than ${MAX_URL_BYTES} bytes`) },
    },
  };
}
