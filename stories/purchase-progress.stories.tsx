import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';
import { purchaseSteps, type PurchaseStep } from '@/components/purchase/purchase-steps';
import type { RouterParameters } from './support/router-decorator';

/**
 * The purchase's progress indicator (src/components/purchase/purchase-progress.tsx, issue 16):
 * the seven steps from the speciality to the policy, the current one marked (aria-current="step"),
 * those before it done (a tick, and "(done)" for screen readers). On a phone only "Step 3 of 7:
 * Price" and a bar show (CSS, at 30rem and narrower); the list stays for screen readers. One story
 * per step: the speciality and the hosted checkout have no screen of this app showing it (the
 * catalogue comes before the purchase starts, the checkout is the payment provider's page), so
 * these stories are where those two are seen.
 */
const meta = {
  title: 'Components/Purchase/Progress',
  component: PurchaseProgress,
  args: { current: 'speciality' },
  parameters: { appShell: false } satisfies RouterParameters,
} satisfies Meta<typeof PurchaseProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

const LABELS = ['Speciality', 'Your practice', 'Price', 'Account', 'Review and pay', 'Secure checkout', 'Your policy'];

function atStep(current: PurchaseStep): Story {
  const at = purchaseSteps.findIndex((step) => step.key === current) + 1;
  const label = LABELS[at - 1]!;
  return {
    name: `Step ${at} of 7: ${label}`,
    args: { current },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const nav = canvas.getByRole('navigation', { name: 'Your purchase' });
      const steps = within(nav).getAllByRole('listitem');
      await expect(
        steps.map((step) => step.querySelector('.purchase-progress__label')?.firstChild?.textContent),
      ).toEqual(LABELS);
      // The current step, and only it, is marked as such.
      await expect(within(nav).getByRole('listitem', { current: 'step' })).toBe(steps[at - 1]);
      await expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
      // Those before it are done: ticked, and said so; those after it show their number.
      for (const [index, step] of steps.entries()) {
        const number = step.querySelector('.purchase-progress__number');
        await expect(number).toHaveAttribute('aria-hidden', 'true');
        if (index + 1 < at) {
          await expect(step).toHaveTextContent(`${LABELS[index]} (done)`);
          await expect(number).toHaveTextContent('✓');
        } else {
          await expect(step).not.toHaveTextContent('(done)');
          await expect(number).toHaveTextContent(String(index + 1));
        }
      }
      // The phone's compact line and bar: not read out twice.
      const compact = canvasElement.querySelector<HTMLElement>('.purchase-progress__compact')!;
      await expect(compact).toHaveAttribute('aria-hidden', 'true');
      await expect(compact).toHaveTextContent(`Step ${at} of 7: ${label}`);
      await expect(compact.querySelector('.purchase-progress__bar > span')).toHaveStyle({
        width: `${(at / 7) * 100}%`,
      });
    },
  };
}

export const Speciality = atStep('speciality');
export const Practice = atStep('practice');
export const Price = atStep('price');
export const Account = atStep('account');
export const Review = atStep('review');
export const Checkout = atStep('checkout');
export const Policy = atStep('policy');
