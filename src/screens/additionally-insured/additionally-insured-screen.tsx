import { UpcomingScreen } from '@/components/upcoming-screen';

export default function AdditionallyInsuredScreen() {
  return (
    <UpcomingScreen
      screen="additionally-insured"
      eyebrow="Your policy"
      title="Additional insureds"
      lead="Landlords, clients and others your policy should also protect, with certificates naming them."
    />
  );
}
