/**
 * A small stand-in for `vite build`'s output, for tests of the HTML shell and of static
 * delivery: index.html, hashed assets with .br/.gz siblings where the build's precompress step
 * (scripts/precompress.ts, tested on its own) writes them, a source map and Vite's manifest.
 * Building the real client takes seconds.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Large enough to be precompressed, and compressible. */
export const ENTRY_JS = `export const entry = 1;\n${'console.log("the entry chunk of the fixture build");\n'.repeat(60)}`;
/** Under the precompress threshold: no siblings. */
export const TINY_JS = 'export const tiny = 1;\n';

export const INDEX_HTML = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>Portal</title>',
  '    <script type="module" crossorigin src="/assets/index-e1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/shared-s1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
  // Some text below the markup makes the shell pass the compression threshold, as the real one does.
  `<!-- ${'fixture '.repeat(100)}-->`,
  '',
].join('\n');

/** Shaped like Vite's: the entry (index.html) imports shared-s1; screens import the entry back. */
export const MANIFEST = {
  'index.html': {
    file: 'assets/index-e1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_shared-s1.js'],
    dynamicImports: ['src/screens/landing/landing-screen.tsx', 'src/screens/login/login-screen.tsx'],
    css: ['assets/index-c1.css'],
  },
  '_shared-s1.js': { file: 'assets/shared-s1.js', name: 'shared' },
  '_catalog-k1.js': {
    file: 'assets/catalog-k1.js',
    name: 'catalog',
    imports: ['index.html', '_shared-s1.js'],
    css: ['assets/catalog-k1.css'],
  },
  '_form-f1.js': { file: 'assets/form-f1.js', name: 'form', imports: ['_shared-s1.js'] },
  'src/screens/landing/landing-screen.tsx': {
    file: 'assets/landing-screen-l1.js',
    src: 'src/screens/landing/landing-screen.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_catalog-k1.js', '_shared-s1.js'],
  },
  'src/screens/login/login-screen.tsx': {
    file: 'assets/login-screen-g1.js',
    src: 'src/screens/login/login-screen.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_form-f1.js'],
  },
};

/** The entry's stylesheet, which the shell puts in the page in place of its link. */
export const INDEX_CSS = `body{margin:0}\n${'.fixture{color:red}\n'.repeat(80)}`;
export const INDEX_CSS_LINK = '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">';

export async function writeClientBuild(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, '.vite'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'assets/index-e1.js': ENTRY_JS,
    'assets/index-e1.js.map': JSON.stringify({ sources: ['src/secret.ts'], mappings: 'A'.repeat(2000) }),
    'assets/index-c1.css': INDEX_CSS,
    'assets/shared-s1.js': TINY_JS,
    'assets/catalog-k1.js': TINY_JS,
    'assets/catalog-k1.css': '.catalog{display:grid}',
    'assets/form-f1.js': TINY_JS,
    'assets/landing-screen-l1.js': TINY_JS,
    'assets/login-screen-g1.js': TINY_JS,
    '.vite/manifest.json': JSON.stringify(MANIFEST, null, 2),
  };
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
  // As the build does: compressible files of 1 KB or more (index.html too), never maps.
  for (const name of ['index.html', 'assets/index-e1.js', 'assets/index-c1.css']) {
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(files[name]!));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(files[name]!, { level: 9 }));
  }
}
