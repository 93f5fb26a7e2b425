import type { FastifyPluginAsync } from 'fastify';

/**
 * What the `fastify-plugin` package does, without depending on a package we don't declare:
 * skip-override makes the plugin's decorators and hooks land in the registering context
 * instead of a private child; the name shows in errors and lets others declare dependencies.
 */
export function namedPlugin<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
  dependencies: string[] = [],
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, dependencies },
  });
}
