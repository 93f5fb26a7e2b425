/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside every compressible file
 * of the build, so the server sends the smallest form without compressing on each request
 * (@fastify/static's preCompressed). No plugin package: node:zlib does it in a few lines.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images such as PNG, and woff2 fonts, are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|wasm)$/i;

/** Below this, the saving is smaller than a packet and not worth a file on disk. */
export const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Vite's manifest is private (the server does not serve /.vite), so is not worth compressing.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesUnder(full);
    } else if (entry.isFile()) {
      yield full;
    }
  }
}

/** Compresses every eligible file under dir; resolves with the files that got siblings. */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const jobs: Promise<string | undefined>[] = [];
  for await (const file of filesUnder(dir)) {
    // Source maps are never served (server/plugins/static-files.ts), and they are the largest files.
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const content = await readFile(file);
        if (content.length < MIN_BYTES) return undefined;
        // zlib's asynchronous calls run on libuv's thread pool: files compress in parallel.
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        // A sibling no smaller than the file would only cost the client decoding time.
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        return path.relative(dir, file);
      })(),
    );
  }
  return (await Promise.all(jobs)).filter((file): file is string => file !== undefined);
}

/** Runs once the whole build, public/ files included, is on disk. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDirectory(outDir);
      this.info(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
