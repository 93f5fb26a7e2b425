/**
 * Setup for the `stories` Vitest project: every story renders in jsdom with the same decorators,
 * parameters and loaders as in Storybook (.storybook/preview.tsx), except that the stories' MSW
 * handlers are served by msw/node instead of the browser's service worker.
 */
import { setProjectAnnotations } from '@storybook/react';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { SetupWorker } from 'msw/browser';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import preview from '../.storybook/preview';
import { installModalDialogPolyfill } from './support/modal-dialog-polyfill';

export const server = setupServer();

// jsdom has no layout: TanStack Router's scroll handling would log "Not implemented" on every story.
window.scrollTo = () => {};
// jsdom has no showModal(): the account screens' dialogs need it.
installModalDialogPolyfill();

beforeAll(() => {
  // A request no story handler answers is a broken story, not a trip to the network.
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

setProjectAnnotations({
  ...preview,
  // The same loader as in Storybook: it resets the handlers and installs `parameters.msw.handlers`
  // before each story, here on the Node server. (The server has the worker's use/resetHandlers.)
  loaders: [mswLoader(() => server as unknown as SetupWorker)],
});
