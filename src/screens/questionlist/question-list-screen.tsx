import { UpcomingScreen } from '@/components/upcoming-screen';

export default function QuestionListScreen() {
  return (
    <UpcomingScreen
      screen="questionlist"
      eyebrow="Your quote"
      title="About your practice"
      lead="A few questions about your practice, so your premium fits the risk."
    />
  );
}
