/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { preloadTrim } from './scripts/preload-trim.ts';
import { stripMachineDescriptions } from './scripts/strip-machine-descriptions.ts';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  // Code the client (and the stories) share with the server: the rating engine so far.
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

const trim = preloadTrim();

export default defineConfig({
  plugins: [react(), stripMachineDescriptions(), trim.plugin, precompress()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    // The size check and the bench read the manifest to find the landing route's initial chunks.
    manifest: true,
    // Maps are written for error reporting but not referenced from the bundles, and the server does not serve them.
    sourcemap: 'hidden',
    modulePreload: { resolveDependencies: trim.resolveDependencies },
    rollupOptions: {
      output: {
        // One chunk for the API client and what it stands on (ky, valibot, the shared contract) with
        // the small modules the payment screens share with the policy's screens, rather than a
        // dozen small chunks: each costs a request, a wrapper and a name in every preload list of
        // the main chunk (measured: landing 139.7 → 138.9 KB gzip, payment 160.0 → 157.9).
        codeSplitting: {
          groups: [
            {
              name: 'api',
              test: /src\/api\/(client|billing)\.ts|shared\/contract\/billing\.ts|src\/components\/use-focus-rescue\.ts/,
            },
          ],
        },
        // The main chunk lists every lazy chunk's file name for its preloads (one more with each
        // screen): six hash characters (36 bits, plenty for a few hundred files) instead of eight.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/config.json': 'http://127.0.0.1:3000',
    },
  },
  test: {
    // Vitest's default is one worker per core less one: a single worker on CI's two cores, idle
    // while a browser or a database answers. Every test file has its own database, server and
    // Chromium, so two files at a time is safe.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // A timeout catches a hang, not slowness: path walks take seconds, more on a busy CI machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Migrated, seeded databases made once and copied per test file (server/test/database-templates.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // Files share a worker's module graph instead of importing the whole server afresh each
          // (~3 s a file). Safe here: each file builds its own app on its own database, and the
          // one module mock (password.test.ts) wraps the real function.
          isolate: false,
          // A fresh PGlite costs seconds: each file shares one, so give hooks room.
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stories',
          environment: 'jsdom',
          include: ['stories/**/*.test.tsx'],
          setupFiles: ['stories/setup-tests.ts'],
          // Rendering a screen under jsdom while browsers run beside it can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // Each test server's data directory starts as a copy of one migrated, seeded PGlite.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
