import { UpcomingScreen } from '@/components/upcoming-screen';

export default function PaymentConfirmScreen() {
  return (
    <UpcomingScreen
      screen="paymentconfirm"
      eyebrow="Checkout"
      title="Payment confirmation"
      lead="Confirmation of your payment, with your policy documents to download."
    />
  );
}
