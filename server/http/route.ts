/**
 * Every API route is declared through defineRoute: one place validates params, query and body
 * against the shared valibot contract, guards non-public routes, and records the route for
 * the OpenAPI document (DESIGN.md §5).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { authenticate } from '@server/http/authenticate';
import { checkSerialization, responseJsonSchema } from '@server/http/response-serializer';
import { parseInput } from '@server/http/validation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type AnySchema = v.GenericSchema;

/**
 * A multipart/form-data request (an upload). defineRoute does not parse it: the handler reads
 * the parts as they stream in (server/files/read-upload.ts). This documents it.
 */
export type MultipartRequest = {
  /** The text fields (a valibot object), sent before the files. */
  fields: AnySchema;
  /** The part that carries the files, repeated once per file. */
  files: {
    name: string;
    description: string;
    maxItems: number;
    /** Per file. */
    maxBytes: number;
    /** The media types accepted (by content). */
    types: readonly string[];
  };
};

/** A success answer of bytes, not JSON (a download, a PDF). */
export type BinaryResponse = {
  /** The media types it may have. */
  types: readonly string[];
  /** Headers that come with it (Content-Disposition…), by name, with what they say. */
  headers?: Record<string, string>;
};

const noQuery = v.object({});

const isEmptyObject = (value: unknown) => {
  if (typeof value !== 'object' || value === null) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
};
type Parsed<S> = S extends AnySchema ? v.InferOutput<S> : undefined;

export type RouteContext<Params, Query, Body> = {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Params;
  query: Query;
  body: Body;
  /** Answers with this code instead of the route's `status` (a replayed create answers 200, not 201). */
  setStatus(code: number): void;
};

export type RouteDefinition<
  P extends AnySchema | undefined,
  Q extends AnySchema | undefined,
  B extends AnySchema | undefined,
  R extends AnySchema,
> = {
  method: HttpMethod;
  /** Relative to the registering plugin's prefix, Fastify style (`/files/download/:id`). */
  url: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** Public routes take no bearer token (`security: []` in OpenAPI). */
  public: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Instead of `body`: a multipart/form-data request the handler reads itself. */
  multipart?: MultipartRequest;
  /** Request headers the handler reads, by name, with what they are for (documented as optional). */
  headers?: Record<string, string>;
  /** The success body; `status` (default 200) is its code. With `binary`, it describes the bytes. */
  response: R;
  /** The success answer is bytes of these types, which the handler sends itself. */
  binary?: BinaryResponse;
  status?: number;
  /** Error answers beyond the usual 400/401/404/500, for the OpenAPI document (409, 429, 503…). */
  errors?: Record<number, string>;
  /** Returns the body, or the reply when it sent something else itself (files, redirects). */
  handler: (context: RouteContext<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<v.InferInput<R> | FastifyReply>;
};

/** What the OpenAPI document is generated from. */
export type RegisteredRoute = {
  method: HttpMethod;
  /** Full path, Fastify style. */
  url: string;
  summary: string;
  description?: string;
  tags: string[];
  public: boolean;
  params?: AnySchema;
  query?: AnySchema;
  body?: AnySchema;
  multipart?: MultipartRequest;
  headers: Record<string, string>;
  response: AnySchema;
  binary?: BinaryResponse;
  status: number;
  errors: Record<number, string>;
};

/** One per app (decorated as `app.apiRoutes`), so several apps in one process stay apart. */
export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];

  /** Routes whose JSON answers JSON.stringify writes, their response schema not compiling (see response-serializer.ts). */
  readonly uncompiled: string[] = [];

  /**
   * When on, a handler's answer is checked against its response schema, and a compiled
   * serialiser's output against JSON.stringify's (tests turn it on).
   */
  constructor(readonly validateResponses = false) {}
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteRegistry;
  }
  interface FastifyContextConfig {
    /** Set by defineRoute; the app refuses /api/ routes registered any other way. */
    definedRoute?: boolean;
  }
}

/** Keeps the OpenAPI document complete: an /api/ route that bypassed defineRoute is a bug. */
export function refuseUndefinedApiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (url.startsWith('/api/') && route.method !== 'HEAD' && !route.config?.definedRoute) {
      throw new Error(`${String(route.method)} ${url} must be registered with defineRoute`);
    }
  });
}

export function defineRoute<
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  R extends AnySchema = AnySchema,
>(app: FastifyInstance, definition: RouteDefinition<P, Q, B, R>): void {
  const status = definition.status ?? 200;
  if (definition.body && definition.multipart) {
    throw new Error(
      `${definition.method} ${definition.url}: a route takes a JSON/form body or a multipart one, not both`,
    );
  }
  const registry = app.apiRoutes;
  registry.routes.push({
    method: definition.method,
    url: `${app.prefix}${definition.url}`,
    summary: definition.summary,
    description: definition.description,
    tags: definition.tags ?? [],
    public: definition.public,
    params: definition.params,
    query: definition.query,
    body: definition.body,
    multipart: definition.multipart,
    headers: definition.headers ?? {},
    response: definition.response,
    binary: definition.binary,
    status,
    errors: definition.errors ?? {},
  });

  // The success answer is written by a serialiser compiled from its schema, when the schema
  // converts faithfully; other codes (errors, a replay's 200) stay with JSON.stringify.
  const compiled = definition.binary ? undefined : responseJsonSchema(definition.response);
  if (!compiled && !definition.binary) registry.uncompiled.push(`${definition.method} ${app.prefix}${definition.url}`);
  // Compiled on the first answer, not at start-up: a hundred schemas at once would slow every
  // start (and every test's app) for routes a process may never serve.
  let serialize: ((payload: unknown) => string) | undefined;

  app.route({
    method: definition.method,
    url: definition.url,
    config: { definedRoute: true },
    onRequest: definition.public ? undefined : authenticate,
    handler: async (request, reply) => {
      const params = definition.params ? parseInput('params', definition.params, request.params) : undefined;
      // A route without a query schema takes no parameters: any it gets are refused by name
      // (none, the usual case, needs no parse: issue 17).
      const query =
        definition.query || !isEmptyObject(request.query)
          ? parseInput('query', definition.query ?? noQuery, request.query)
          : undefined;
      const body = definition.body ? parseInput('body', definition.body, request.body) : undefined;
      let code = status;
      const context = {
        request,
        reply,
        params,
        query: definition.query ? query : undefined,
        body,
        setStatus: (chosen: number) => {
          code = chosen;
        },
      } as RouteContext<Parsed<P>, Parsed<Q>, Parsed<B>>;
      const result = await definition.handler(context);
      if (result === reply || reply.sent) return reply;
      if (registry.validateResponses) {
        const check = v.safeParse(definition.response, result);
        if (!check.success) {
          const where = check.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
          throw new Error(`Response of ${definition.method} ${request.url} breaks its schema: ${where.join('; ')}`);
        }
      }
      // Another code than the route's (a replay's 200) may have another shape: JSON.stringify.
      if (!compiled || code !== status) return reply.code(code).send(result);
      serialize ??= reply.compileSerializationSchema(compiled) as (payload: unknown) => string;
      if (registry.validateResponses) checkSerialization(serialize, result, `${definition.method} ${request.url}`);
      // A custom serializer leaves the type unset (Fastify sets it only for its own JSON path).
      return reply.code(code).type('application/json; charset=utf-8').serializer(serialize).send(result);
    },
  });
}
