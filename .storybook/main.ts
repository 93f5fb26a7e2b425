import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for designers and analysts. The Vite config (vite.config.ts: the React plugin and the
 * `@/`, `@server/` and `@shared/` aliases; the fixtures price with `@shared/rating`) is picked up
 * by @storybook/react-vite; its `test` block is Vitest's and Vite ignores it.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  // The app's public files, plus Storybook's own: mockServiceWorker.js (`npx msw init .storybook/public`)
  // serves the stories' API calls and must not ship with the app.
  staticDirs: ['../public', './public'],
  // The build machines have no internet.
  core: { disableTelemetry: true },
};

export default config;
