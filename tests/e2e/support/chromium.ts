import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROME_PATH, else Debian's Chromium; undefined when this machine has none. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

export const chromiumPath = findChromium();

/** With E2E_REQUIRED=1 (CI) a missing browser is a failure, not a skip. */
export const browserRequired = process.env.E2E_REQUIRED === '1';

if (!chromiumPath) {
  console.warn(
    `e2e: no Chromium found (set CHROME_PATH or apt-get install chromium): browser tests ${browserRequired ? 'FAIL (E2E_REQUIRED=1)' : 'skipped'}.`,
  );
}

export async function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error('No Chromium: set CHROME_PATH or install Debian’s chromium package.');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
