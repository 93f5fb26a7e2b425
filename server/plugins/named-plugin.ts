import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A plugin whose decorators and hooks land in the registering context instead of a private
 * child (fastify-plugin's skip-override). The name shows in errors and lets others declare
 * it as a dependency; registering on another major version of Fastify fails at start-up.
 */
export function namedPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
  dependencies: string[] = [],
): FastifyPluginAsync<Options> {
  return fp(plugin, { name, fastify: '5.x', dependencies });
}
