import { UpcomingScreen } from '@/components/upcoming-screen';

export default function ApplicationUnderReviewScreen() {
  return (
    <UpcomingScreen
      screen="application-under-review"
      eyebrow="Your order"
      title="Application under review"
      lead="Thank you for the information you sent. An underwriter is reviewing your application."
    />
  );
}
