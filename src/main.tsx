import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@/api/client';
import { startAuth } from '@/app/auth-actor';
import { createBrokerCache } from '@/app/broker-cache';
import { applyRuntimeConfig, loadRuntimeConfig } from '@/app/runtime-config';
import { routerNavigation } from '@/routes/auth-navigation';
import { startEarlyReads } from '@/routes/early-reads';
import { createAppRouter } from '@/routes/router';
import '@/styles/app.css';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  applyRuntimeConfig(config, document);
  configureApi(config.apiBase);
  // The first screen's reads go out now, beside the session check, not once the router has
  // matched it (the signed-in guard starts the same reads on later navigations; see the module).
  startEarlyReads({ pathname: location.pathname, search: Object.fromEntries(new URLSearchParams(location.search)) });
  // One auth actor for the page's life, created before React renders anything. It navigates
  // through the router that holds it, which exists by the time it first navigates.
  const app: { router?: ReturnType<typeof createAppRouter> } = {};
  const auth = startAuth(routerNavigation(() => app.router));
  app.router = createAppRouter({ config, auth, brokers: createBrokerCache() });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={app.router} />
    </StrictMode>,
  );
}

void start();
