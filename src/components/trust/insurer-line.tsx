import { useRouter } from '@tanstack/react-router';
import { DEMO_TRUST_NOTICE, insurerWords, licenceWords } from '@shared/contract/trust-words';
import '@/styles/trust.css';

/**
 * Who carries the risk and who may sell it (DESIGN.md "The policy after the sale"): the insurer
 * with its NAIC code and AM Best rating, then the producer's licences, from the runtime config.
 * Demo values say so. Nothing shows when the config could not be read: no insurer rather than a
 * wrong one.
 */
export function InsurerLine({ className }: { className?: string }) {
  const { trust } = useRouter().options.context.config;
  if (!trust) return null;
  return (
    <p className={['insurer-line', className].filter(Boolean).join(' ')} data-demo={trust.demo || undefined}>
      <span className="insurer-line__insurer">
        {insurerWords(trust)}
        {trust.demo && (
          <>
            {' '}
            <strong className="insurer-line__demo">{DEMO_TRUST_NOTICE}</strong>
          </>
        )}
      </span>{' '}
      <span className="insurer-line__licences">{licenceWords(trust)}</span>
    </p>
  );
}
