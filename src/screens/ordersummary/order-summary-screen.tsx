import { useParams } from '@tanstack/react-router';
import { UpcomingScreen } from '@/components/upcoming-screen';

export default function OrderSummaryScreen() {
  const { submissionid } = useParams({ strict: false }) as { submissionid: string };
  return (
    <UpcomingScreen
      screen="ordersummary"
      eyebrow="Your order"
      title={`Summary of order ${submissionid}`}
      lead="Everything about this order: cover, premium, answers and its history."
    />
  );
}
