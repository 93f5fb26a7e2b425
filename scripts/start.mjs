/**
 * `npm start`: builds what is stale, then runs the compiled server. Plain JavaScript, so a
 * production start needs neither tsx nor TypeScript at run time.
 *
 * 1. The web client (vite build into dist/) when dist/index.html is missing or its inputs
 *    changed since the last build this script made (see clientBuildStale).
 * 2. The server bundle (dist-server/main.js, scripts/build-server.mjs) when missing or stale.
 * 3. The server, imported into this same process: one process, so SIGTERM/SIGINT reach the
 *    server's own shutdown handlers and its exit code is npm's, with nothing to forward. The
 *    web client is built in a child process, whose memory goes when it exits; esbuild's service
 *    is stopped once the server is bundled.
 *
 * package.json's start script `exec`s node: otherwise npm's `sh -c` stands between npm and
 * this process and dies of a SIGTERM sent to npm (docker stop, a process manager), leaving the
 * server running without its graceful shutdown.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildServer,
  fingerprint,
  ROOT,
  SERVER_BUNDLE,
  serverBundleStale,
  stampStale,
  writeStamp,
} from './build-server.mjs';

/** Kept beside the server bundle: dist/ is Vite's, emptied by each build and served as files. */
const CLIENT_STAMP = path.join(ROOT, 'dist-server', 'client-build.json');

/** Files and directories at the root that go into the web client's build (shared/: what the client shares with the server). */
const CLIENT_INPUTS = ['src', 'shared', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

/**
 * Every file under `entries` (files or directories), relative to root, tests and stories aside:
 * Vite never bundles them. A missing entry is listed as it is, and fingerprinted as missing.
 * @param {string} root
 * @param {string[]} entries
 * @returns {Promise<string[]>}
 */
async function walk(root, entries) {
  const files = [];
  async function visit(relative) {
    let children;
    try {
      children = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOTDIR' || error.code === 'ENOENT') {
        files.push(relative);
        return;
      }
      throw error;
    }
    for (const child of children) {
      if (/\.(test|stories)\.[jt]sx?$/.test(child.name)) continue;
      await visit(`${relative}/${child.name}`);
    }
  }
  for (const entry of entries) await visit(entry);
  return files.sort();
}

/**
 * What the web client's build reads: src/, shared/, public/, index.html, the Vite and TypeScript
 * configuration with the local files vite.config.ts imports, the locked dependencies, and the
 * .env files Vite loads.
 * @param {string} root
 * @returns {Promise<string[]>}
 */
export async function clientInputs(root) {
  const config = await readFile(path.join(root, 'vite.config.ts'), 'utf8').catch(() => '');
  const configImports = [...config.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    path.posix.normalize(match[1]),
  );
  const envFiles = (await readdir(root)).filter((name) => /^\.env(\.|$)/.test(name));
  return walk(root, [...CLIENT_INPUTS, ...configImports, ...envFiles]);
}

/**
 * Stale when dist/index.html is missing, when this script has no record of building it, when
 * the inputs are not the recorded list (a file added, removed or renamed), or when any input's
 * size or modification time differs from the record (an edit, a checkout of another version).
 * Comparing each input with its own recorded identity, rather than the newest input with the
 * build's time, also catches a file restored with an older mtime and a clock that moved back.
 * @param {string} root
 * @returns {Promise<boolean>}
 */
export async function clientBuildStale(root = ROOT, stampFile = CLIENT_STAMP) {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) return true;
  if (await stampStale(root, stampFile)) return true;
  // The recorded list must also be today's list: a new file is a new input.
  const recorded = Object.keys(JSON.parse(await readFile(stampFile, 'utf8')).inputs);
  const current = await clientInputs(root);
  return recorded.length !== current.length || current.some((file) => !recorded.includes(file));
}

/**
 * @param {string} root
 * @param {string} stampFile
 */
async function buildClient(root = ROOT, stampFile = CLIENT_STAMP) {
  // Read before the build: an edit made while Vite runs must leave the build stale.
  const inputs = await fingerprint(root, await clientInputs(root));
  const code = await new Promise((resolve, reject) => {
    const vite = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    vite.once('error', reject);
    vite.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`vite build exited with code ${code}`);
  await writeStamp(stampFile, inputs);
}

async function main() {
  if (await clientBuildStale()) {
    process.stderr.write('Building the web client (dist/ is missing or older than its sources)…\n');
    await buildClient();
  }
  if (await serverBundleStale()) {
    process.stderr.write('Bundling the server (dist-server/ is missing or older than its sources)…\n');
    await buildServer();
  }
  // package.json runs this with --enable-source-maps: stack traces name the TypeScript sources.
  await import(pathToFileURL(SERVER_BUNDLE).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    process.stderr.write(`npm start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
