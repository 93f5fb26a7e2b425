import { UpcomingScreen } from '@/components/upcoming-screen';

export default function LocationsScreen() {
  return (
    <UpcomingScreen
      screen="locations"
      eyebrow="Your account"
      title="Locations"
      lead="The addresses you practise from, and which one is your primary location."
    />
  );
}
