import { useParams } from '@tanstack/react-router';
import { UpcomingScreen } from '@/components/upcoming-screen';

export default function OrderScreen() {
  const { submissionid } = useParams({ strict: false }) as { submissionid: string };
  return (
    <UpcomingScreen
      screen="order"
      eyebrow="Your order"
      title={`Order ${submissionid}`}
      lead="Where this order stands, and what to do next to complete it."
    />
  );
}
