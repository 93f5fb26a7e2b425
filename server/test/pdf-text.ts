/**
 * For tests that read back a PDF the server made, with poppler's own tools (pdftotext, pdfinfo),
 * as a person's viewer would: each PDF is written to a scratch folder of the test file's, which
 * is removed after its tests. Call it once at the top of the file (it registers the hooks).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

/** `name` names the scratch folder and its files (`invoice-pdf` → invoice-pdf-test-…/invoice-pdf-1.pdf). */
export function pdfReader(name: string) {
  let scratch: string;
  let saved = 0;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), `${name}-test-`));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function fileOf(bytes: Uint8Array): Promise<string> {
    saved += 1;
    const file = path.join(scratch, `${name}-${saved}.pdf`);
    await writeFile(file, bytes);
    return file;
  }
  /** The text, laid out as on the page. */
  const textOf = async (bytes: Uint8Array) => (await run('pdftotext', ['-layout', await fileOf(bytes), '-'])).stdout;
  /** pdfinfo's report: title, author, dates (ISO), pages. */
  const infoOf = async (bytes: Uint8Array) => (await run('pdfinfo', ['-isodates', await fileOf(bytes)])).stdout;
  const pagesOf = async (bytes: Uint8Array) => Number(/^Pages:\s+(\d+)$/m.exec(await infoOf(bytes))![1]);
  return { textOf, infoOf, pagesOf };
}
