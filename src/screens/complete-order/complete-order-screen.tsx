import { UpcomingScreen } from '@/components/upcoming-screen';

export default function CompleteOrderScreen() {
  return (
    <UpcomingScreen
      screen="complete-order"
      eyebrow="Your order"
      title="Your order is complete"
      lead="You are covered. Your policy documents are ready."
    />
  );
}
