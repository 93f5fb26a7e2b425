import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@/api/client';
import { applyRuntimeConfig, loadRuntimeConfig } from '@/app/runtime-config';
import { createAppRouter } from '@/routes/router';
import '@/styles/app.css';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  applyRuntimeConfig(config, document);
  configureApi(config.apiBase);
  const router = createAppRouter({ config });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
