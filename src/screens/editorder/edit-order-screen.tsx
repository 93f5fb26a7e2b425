import { UpcomingScreen } from '@/components/upcoming-screen';

export default function EditOrderScreen() {
  return (
    <UpcomingScreen
      screen="editorder"
      eyebrow="Your order"
      title="Edit your order"
      lead="Change the answers, locations and cover of an order before you buy."
    />
  );
}
