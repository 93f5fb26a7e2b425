import { UpcomingScreen } from '@/components/upcoming-screen';

export default function FeedbackScreen() {
  return (
    <UpcomingScreen
      screen="feedback"
      eyebrow="Tell us"
      title="Feedback"
      lead="How buying your cover went, in your own words."
    />
  );
}
