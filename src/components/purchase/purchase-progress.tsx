import '@/styles/purchase.css';
import { purchaseSteps, stepNumber, type PurchaseStep } from '@/components/purchase/purchase-steps';

/**
 * Where am I, and what is left: every step of the purchase, the current one marked
 * (aria-current="step"), those before it done. On a phone only "Step 3 of 7: Price" and a bar
 * show; the list stays for screen readers.
 */
export function PurchaseProgress({ current }: { current: PurchaseStep }) {
  const at = stepNumber(current);
  const total = purchaseSteps.length;
  return (
    <nav className="purchase-progress" aria-label="Your purchase">
      <p className="purchase-progress__compact" aria-hidden="true">
        <span>
          Step {at} of {total}: <strong>{purchaseSteps[at - 1]!.label}</strong>
        </span>
        <span className="purchase-progress__bar">
          <span style={{ width: `${(at / total) * 100}%` }} />
        </span>
      </p>
      <ol className="purchase-progress__steps">
        {purchaseSteps.map((step, index) => {
          const state = index + 1 < at ? 'done' : index + 1 === at ? 'current' : 'todo';
          return (
            <li
              key={step.key}
              className={`purchase-progress__step purchase-progress__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="purchase-progress__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="purchase-progress__label">
                {step.label}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
