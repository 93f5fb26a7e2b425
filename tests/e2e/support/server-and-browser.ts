import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/server-process';
import { launchChromium } from './chromium';

/**
 * One real server (fresh data directory) and one Chromium for a describe block, started side by
 * side and both stopped afterwards, even when only one of them came up.
 */
export function useServerAndBrowser(): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer(), launchChromium()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The server is not running.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not running.');
      return browser;
    },
  };
}
