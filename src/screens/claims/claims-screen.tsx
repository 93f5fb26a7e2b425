import { UpcomingScreen } from '@/components/upcoming-screen';

export default function ClaimsScreen() {
  return (
    <UpcomingScreen
      screen="claims"
      eyebrow="Your policy"
      title="Claims"
      lead="Report a claim against your policy and follow its progress."
    />
  );
}
