import { describe, expect, it } from 'vitest';
import { sandboxCheckoutPage } from '@server/payments/sandbox-page';
import type { SandboxSessionRow } from '@server/payments/sandbox-provider';
import { testTrust } from '@server/test/trust-fixtures';

const session = {
  id: 'cs_sandbox_0123456789abcdef',
  amountCents: 86_059,
  description: 'Order Q-2026-000123: first installment',
  cancelUrl: 'http://localhost:3000/payment?submissionid=7&cancelled=1',
} as SandboxSessionRow;

describe('sandboxCheckoutPage', () => {
  it('names the configured insurer, its NAIC code and rating, and the producer’s licences, escaped', () => {
    const trust = {
      ...testTrust,
      insurer: { ...testTrust.insurer, name: 'Keystone & Sons <Specialty> Insurance Company' },
    };
    const html = sandboxCheckoutPage(session, '/api/weborder/payments/sandbox/checkout/x', {}, undefined, trust);
    expect(html).toContain(
      '<p class="insurer" data-insurer>Underwritten by Keystone &amp; Sons &lt;Specialty&gt; Insurance Company (NAIC 12345). AM Best rating: A (Excellent).' +
        '<br>Producer licences: TX 2345678, CA 0K12345, NY LA-1234567.</p>',
    );
    expect(html).not.toContain('demo');
  });
});
