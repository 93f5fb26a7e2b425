/**
 * The production server as one JavaScript file: server/main.ts bundled by esbuild into
 * dist-server/main.js, so `npm start` runs plain Node.js instead of compiling TypeScript through
 * tsx on every start. Plain JavaScript because scripts/start.mjs runs it without tsx.
 *
 * - Packages stay external: node_modules is imported at run time as under tsx. Bundling them
 *   would gain little and break those that read files beside their own (PGlite's WASM and data).
 * - `@server/`, `@shared/` and `@/` resolve through tsconfig.json's paths, which esbuild reads.
 * - Files the server reads at run time are found through `import.meta.url` (the migrations,
 *   package.json, packages via createRequire). In a bundle that would be the bundle's own
 *   address, so each source file's `import.meta.url` is rewritten to the address of that source
 *   file, relative to the bundle: the bundle runs from the project it was built in, and reads
 *   server/db/migrations where it is rather than from a copy that could go stale.
 * - A source map (without the sources: stack traces only need the positions) for
 *   `--enable-source-maps`.
 * - main.js, an ES module by package.json's "type": "module", like every file it bundles.
 *
 * `node scripts/build-server.mjs` (npm run build:server) builds; scripts/start.mjs builds only
 * when the bundle is stale (see serverBundleStale).
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server');
export const SERVER_BUNDLE = path.join(SERVER_OUT_DIR, 'main.js');
/** What the last successful build read: its inputs with their size and modification time. */
const STAMP_NAME = 'server-build.json';

/**
 * Besides the bundled sources, what decides the bundle's content: the path aliases and these
 * build options. Packages are external, so their versions (package-lock.json) do not.
 */
const BUILD_CONFIG_FILES = ['tsconfig.json', 'scripts/build-server.mjs'];

const LOADERS = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};

/**
 * A file's identity for staleness: its size and modification time. Any edit, a restored older
 * version (a different mtime, even an earlier one) or a deletion changes it.
 * @param {string} root
 * @param {string[]} files relative to root
 * @returns {Promise<Record<string, string>>}
 */
export async function fingerprint(root, files) {
  const entries = await Promise.all(
    files.map(async (file) => {
      try {
        const info = await stat(path.join(root, file));
        return [file, `${info.size}:${info.mtimeMs}`];
      } catch (error) {
        if (error.code === 'ENOENT') return [file, 'missing'];
        throw error;
      }
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * True when `stampFile` is missing or any input it lists differs from what it recorded.
 * @param {string} root
 * @param {string} stampFile
 * @returns {Promise<boolean>}
 */
export async function stampStale(root, stampFile) {
  let recorded;
  try {
    recorded = JSON.parse(await readFile(stampFile, 'utf8')).inputs;
  } catch {
    return true;
  }
  if (!recorded || typeof recorded !== 'object') return true;
  const now = await fingerprint(root, Object.keys(recorded));
  return Object.entries(recorded).some(([file, identity]) => now[file] !== identity);
}

/**
 * @param {string} stampFile
 * @param {Record<string, string>} inputs
 */
export async function writeStamp(stampFile, inputs) {
  await mkdir(path.dirname(stampFile), { recursive: true });
  await writeFile(stampFile, `${JSON.stringify({ inputs }, null, 1)}\n`);
}

/**
 * Stale when the bundle or its stamp is missing, or any file the last build read (every bundled
 * source, in server/, shared/ and src/, as esbuild's metafile listed them) or a build setting
 * changed. A newly imported file needs an edit to its importer, which the stamp sees.
 * @returns {Promise<boolean>}
 */
export async function serverBundleStale(root = ROOT) {
  const outDir = path.join(root, 'dist-server');
  try {
    await stat(path.join(outDir, 'main.js'));
  } catch {
    return true;
  }
  return stampStale(root, path.join(outDir, STAMP_NAME));
}

/**
 * Gives each project source file's `import.meta.url` the address of that source file, relative
 * to the bundle (see the header).
 * @param {string} root
 * @param {string} outDir
 * @returns {import('esbuild').Plugin}
 */
function sourceLocationPlugin(root, outDir) {
  return {
    name: 'source-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const contents = await readFile(args.path, 'utf8');
        if (/\bimport\.meta\.(dirname|filename)\b/.test(contents)) {
          // Not needed so far; refuse rather than let them name the bundle's directory.
          throw new Error(
            `${path.relative(root, args.path)}: use import.meta.url, which the server build rewrites, not import.meta.dirname/filename`,
          );
        }
        if (!contents.includes('import.meta.url')) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        return {
          contents: contents.replace(
            /\bimport\.meta\.url\b/g,
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader: LOADERS[path.extname(args.path)] ?? 'js',
        };
      });
    },
  };
}

/**
 * Bundles server/main.ts into dist-server/main.js and records its inputs for serverBundleStale.
 * @returns {Promise<void>}
 */
export async function buildServer(root = ROOT) {
  const outDir = path.join(root, 'dist-server');
  const stampFile = path.join(outDir, STAMP_NAME);
  // Gone first: a build that fails half way must leave the bundle stale, not trusted.
  await rm(stampFile, { force: true });
  const esbuild = await import('esbuild');
  const started = Date.now();
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [path.join(root, 'server/main.ts')],
      outfile: path.join(outDir, 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: path.join(root, 'tsconfig.json'),
      // No keepNames: it wraps every named function and closure in a __name() call, on every
      // request's closures too (issue 17). Nothing reads a renamed symbol's name: the error
      // classes set `name` themselves, plugins are named through namedPlugin(), and esbuild
      // renames only what two modules both declare, which is internal helpers only.
      keepNames: false,
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      logLevel: 'warning',
      plugins: [sourceLocationPlugin(root, outDir)],
    });
    const sources = Object.keys(result.metafile.inputs).map((input) =>
      path.relative(root, path.resolve(root, input)).split(path.sep).join('/'),
    );
    const inputs = await fingerprint(root, [...sources, ...BUILD_CONFIG_FILES]);
    const finished = Date.now();
    // A file saved while esbuild read the sources may not be in the bundle: no stamp, so stale.
    const changedDuringBuild = Object.values(inputs).some((identity) => {
      const mtime = Number(identity.split(':')[1]);
      return mtime >= started && mtime <= finished;
    });
    if (!changedDuringBuild) await writeStamp(stampFile, inputs);
  } finally {
    // esbuild's service is a child process: don't leave it beside the server.
    await esbuild.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
