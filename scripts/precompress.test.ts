import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from './precompress';

let dir: string;
const script = `export const a = 1;\n${'console.log("a line the compressor finds again and again");\n'.repeat(80)}`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>text</p>'.repeat(200)}`);
  await writeFile(path.join(dir, 'assets', 'index-a1.js'), script);
  await writeFile(path.join(dir, 'assets', 'index-a1.css'), `${'.x{color:red}\n'.repeat(200)}`);
  await writeFile(path.join(dir, 'assets', 'index-a1.js.map'), JSON.stringify({ mappings: 'A'.repeat(5000) }));
  await writeFile(path.join(dir, 'assets', 'tiny-b2.js'), 'export {};\n');
  await writeFile(path.join(dir, 'assets', 'logo-c3.png'), Buffer.alloc(4000, 7));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ pad: 'm'.repeat(4000) }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('precompress (the build step)', () => {
  it('writes a .br and a .gz beside text files of 1 KB or more, that decompress to the file', async () => {
    const done = await precompressDirectory(dir);
    expect(done.sort()).toEqual(['assets/index-a1.css', 'assets/index-a1.js', 'index.html']);
    expect(brotliDecompressSync(await readFile(path.join(dir, 'assets', 'index-a1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(path.join(dir, 'assets', 'index-a1.js.gz'))).toString()).toBe(script);
    expect((await readFile(path.join(dir, 'assets', 'index-a1.js.br'))).length).toBeLessThan(script.length / 5);
  });

  it('leaves alone small files, maps, images and Vite’s private manifest', async () => {
    expect((await readFile(path.join(dir, 'assets', 'tiny-b2.js'))).length).toBeLessThan(MIN_BYTES);
    const assets = await readdir(path.join(dir, 'assets'));
    expect(assets.filter((name) => /\.(?:br|gz)$/.test(name)).sort()).toEqual([
      'index-a1.css.br',
      'index-a1.css.gz',
      'index-a1.js.br',
      'index-a1.js.gz',
    ]);
    expect(await readdir(path.join(dir, '.vite'))).toEqual(['manifest.json']);
  });
});
