import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17: nothing installed may declare an engine newer than the Node.js the README promises
 * (npm warns EBADENGINE on every install, and such a package may use what Node 20 lacks). The
 * lock file holds every installed package's `engines`, so this reads it rather than node_modules.
 */
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('dependency engines', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('promise Node.js 20.19 or newer', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('every installed package runs on the oldest Node.js we support', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(tooNew).toEqual([]);
  });
});
