/**
 * The main chunk lists, for each lazy screen, every file the screen needs so the browser fetches
 * them together (Vite's module preload). The chunks the entry imports statically are always
 * loaded before any screen is asked for, so listing them again only makes the main chunk bigger
 * with every screen added; this drops them from the lists. What is fetched, and when, is the same.
 */
import type { Plugin } from 'vite';

export function preloadTrim(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[]) => string[] } {
  const alwaysLoaded = new Set<string>();
  const plugin: Plugin = {
    name: 'preload-trim',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis writes the preload lists, which calls resolveDependencies.
      order: 'pre',
      handler(_options, bundle) {
        alwaysLoaded.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (alwaysLoaded.has(fileName) || chunk?.type !== 'chunk') return;
          alwaysLoaded.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const [fileName, chunk] of Object.entries(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
      },
    },
  };
  return { plugin, resolveDependencies: (_file, deps) => deps.filter((dep) => !alwaysLoaded.has(dep)) };
}
