import { UpcomingScreen } from '@/components/upcoming-screen';

export default function IncompleteOrderScreen() {
  return (
    <UpcomingScreen
      screen="incomplete-order"
      eyebrow="Your order"
      title="Your order needs a few more details"
      lead="What is still missing before your order can go ahead, and where to add it."
    />
  );
}
