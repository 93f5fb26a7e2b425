import { UpcomingScreen } from '@/components/upcoming-screen';

export default function IncompleteMissingInfoScreen() {
  return (
    <UpcomingScreen
      screen="incomplete-missing-info"
      eyebrow="Your order"
      title="More information needed"
      lead="An underwriter has asked for more information before your order can go ahead."
    />
  );
}
