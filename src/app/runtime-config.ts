import * as v from 'valibot';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';

export const fallbackConfig: RuntimeConfig = {
  apiBase: '',
  production: false,
  dnsPrefetchHosts: [],
  googleClientId: null,
  // Unknown without the server's word: name no insurer rather than a wrong one.
  trust: null,
};

/** The id of the JSON data block the server inlines into the HTML shell (server/http/spa-index.ts). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** The config inlined into the page, if it is there and valid; undefined sends the caller to /config.json. */
function inlineConfig(doc: Document | undefined): RuntimeConfig | undefined {
  const text = doc?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return v.parse(runtimeConfigSchema, JSON.parse(text));
  } catch (error) {
    console.warn('The inline runtime config is not valid; fetching /config.json.', error);
    return undefined;
  }
}

/**
 * The runtime config, so one build serves every deployment: the copy the server inlined into the
 * page (no request before the first render), else /config.json (a dev server without the
 * server's shell, an old cached page); a missing or bad file falls back to same-origin defaults.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  doc: Document | undefined = globalThis.document,
): Promise<RuntimeConfig> {
  const inline = inlineConfig(doc);
  if (inline) return inline;
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    return v.parse(runtimeConfigSchema, await response.json());
  } catch (error) {
    console.warn('Runtime config unavailable; using same-origin defaults.', error);
    return fallbackConfig;
  }
}

/** Production mode and one dns-prefetch hint per configured host (specification §1). */
export function applyRuntimeConfig(config: RuntimeConfig, doc: Document): void {
  doc.documentElement.dataset.environment = config.production ? 'production' : 'demo';
  const present = new Set(
    [...doc.head.querySelectorAll('link[rel="dns-prefetch"]')].map((link) => link.getAttribute('href')),
  );
  for (const host of config.dnsPrefetchHosts) {
    const href = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `//${host}`;
    if (present.has(href)) continue;
    present.add(href);
    const link = doc.createElement('link');
    link.rel = 'dns-prefetch';
    link.href = href;
    doc.head.append(link);
  }
}
