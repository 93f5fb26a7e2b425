import { UpcomingScreen } from '@/components/upcoming-screen';

export default function IncompleteReviewUnderwriterScreen() {
  return (
    <UpcomingScreen
      screen="incomplete-review-underwriter"
      eyebrow="Your order"
      title="With an underwriter"
      lead="Your order needs an underwriter’s review. We will e-mail you as soon as there is a decision."
    />
  );
}
