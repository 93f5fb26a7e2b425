// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyRuntimeConfig, fallbackConfig, loadRuntimeConfig } from '@/app/runtime-config';

const trust = {
  insurer: { name: 'Keystone Specialty Insurance Company', naic: '12345', amBest: 'A (Excellent)' },
  producerLicenses: [{ state: 'TX', number: '2345678' }],
  supportPhone: { display: '(512) 555-0100', tel: '+15125550100' },
  demo: false,
};
const config = {
  apiBase: 'https://api.example.com',
  production: true,
  dnsPrefetchHosts: ['fonts.example.com', 'https://cdn.example.com'],
  googleClientId: 'abc',
  trust,
};

describe('runtime config', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    delete document.documentElement.dataset.environment;
  });

  it('adds one dns-prefetch hint per host, once, and switches production mode on', () => {
    applyRuntimeConfig(config, document);
    applyRuntimeConfig(config, document);
    const hrefs = [...document.head.querySelectorAll('link[rel="dns-prefetch"]')].map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['//fonts.example.com', 'https://cdn.example.com']);
    expect(document.documentElement.dataset.environment).toBe('production');
  });

  it('marks a non-production deployment as a demo', () => {
    applyRuntimeConfig({ ...config, production: false, dnsPrefetchHosts: [] }, document);
    expect(document.documentElement.dataset.environment).toBe('demo');
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('reads /config.json and falls back to same-origin defaults when it is missing or malformed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ok = vi.fn(async () => Response.json(config));
    expect(await loadRuntimeConfig(ok as never)).toEqual(config);
    expect(ok).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(await loadRuntimeConfig((async () => new Response('nope', { status: 503 })) as never)).toEqual(
      fallbackConfig,
    );
    expect(await loadRuntimeConfig((async () => Response.json({ apiBase: 3 })) as never)).toEqual(fallbackConfig);
    // No insurer at all rather than a half-read one.
    const { trust: _trust, ...withoutTrust } = config;
    expect(await loadRuntimeConfig((async () => Response.json(withoutTrust)) as never)).toEqual(fallbackConfig);
    expect(fallbackConfig.trust).toBeNull();
  });

  it('reads the config the server inlined into the page, without a request', async () => {
    // As server/http/spa-index.ts writes it: `<` escaped, so a value cannot close the element.
    const inlined = { ...config, trust: { ...trust, insurer: { ...trust.insurer, name: 'Keystone </script> Co' } } };
    document.head.innerHTML = `<script type="application/json" id="runtime-config">${JSON.stringify(inlined).replace(/</g, '\\u003c')}</script>`;
    const fetchImpl = vi.fn(async () => Response.json(fallbackConfig));
    expect(await loadRuntimeConfig(fetchImpl as never)).toEqual(inlined);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches /config.json when the inline config is empty, not JSON or not the schema', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const content of ['', '{"apiBase":', JSON.stringify({ ...config, production: 'yes' })]) {
      document.head.innerHTML = `<script type="application/json" id="runtime-config">${content}</script>`;
      const fetchImpl = vi.fn(async () => Response.json(config));
      expect(await loadRuntimeConfig(fetchImpl as never), content).toEqual(config);
      expect(fetchImpl).toHaveBeenCalledWith('/config.json', expect.anything());
    }
  });
});
