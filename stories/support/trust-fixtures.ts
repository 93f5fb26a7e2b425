/**
 * The insurer, licences and support phone /config.json carries (RuntimeConfig.trust): the demo's
 * fictitious values, as the server gives them with none of INSURER_NAME, INSURER_NAIC,
 * INSURER_AM_BEST, PRODUCER_LICENSES or SUPPORT_PHONE set (server/config.ts DEMO_TRUST), and a
 * deployment's real ones.
 */
import type { Trust } from '@shared/contract/runtime-config';

export const demoTrust: Trust = {
  insurer: {
    name: 'Bellwether Mutual Specialty Insurance Company (fictitious — demo)',
    naic: '99999',
    amBest: 'A- (Excellent) — demo',
  },
  producerLicenses: ['AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'NY', 'PA', 'TX', 'WA'].map((state, index) => ({
    state,
    number: `DEMO-${1001 + index}`,
  })),
  supportPhone: { display: '(800) 555-0142', tel: '+18005550142' },
  demo: true,
};

export const configuredTrust: Trust = {
  insurer: { name: 'Keystone Specialty Insurance Company', naic: '12345', amBest: 'A (Excellent)' },
  producerLicenses: [
    { state: 'TX', number: '2345678' },
    { state: 'CA', number: '0K12345' },
    { state: 'NY', number: 'LA-1234567' },
  ],
  supportPhone: { display: '(512) 555-0100', tel: '+15125550100' },
  demo: false,
};
