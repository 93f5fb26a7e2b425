import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { isCommonAssetRequest } from 'msw';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '@/styles/app.css';
import { routerDecorator } from '../stories/support/router-decorator';

/**
 * The browser's mock API. The worker URL is relative so a storybook-static published under a
 * sub-path still finds .storybook/public/mockServiceWorker.js. Stories declare their API in
 * `parameters.msw.handlers`; the loader swaps them in before each story renders.
 */
async function startWorker() {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    serviceWorker: { url: 'mockServiceWorker.js' },
    // Only API calls a story forgot to mock are worth a warning; scripts, styles and fonts are not.
    onUnhandledRequest(request, print) {
      if (!isCommonAssetRequest(request) && new URL(request.url).pathname.startsWith('/api/')) print.warning();
    },
  });
  return worker;
}

const preview: Preview = {
  decorators: [routerDecorator],
  loaders: [mswLoader(startWorker)],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [] },
  },
};

export default preview;
