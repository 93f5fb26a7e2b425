import { UpcomingScreen } from '@/components/upcoming-screen';

export default function DocumentScreen() {
  return (
    <UpcomingScreen
      screen="document"
      eyebrow="Your policy"
      title="Your documents"
      lead="Your policy, binder, invoice and order summary, ready to download or share."
    />
  );
}
