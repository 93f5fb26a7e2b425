import { UpcomingScreen } from '@/components/upcoming-screen';

export default function DashboardScreen() {
  return (
    <UpcomingScreen
      screen="dashboard"
      eyebrow="Your account"
      title="Your dashboard"
      lead="Your quotes, orders and policies in one place, each with its status and the next step."
    />
  );
}
