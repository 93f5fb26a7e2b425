import { UpcomingScreen } from '@/components/upcoming-screen';

export default function PaymentScreen() {
  return (
    <UpcomingScreen
      screen="payment"
      eyebrow="Checkout"
      title="Payment"
      lead="Pay your premium in full or by instalments through a secure hosted checkout."
    />
  );
}
