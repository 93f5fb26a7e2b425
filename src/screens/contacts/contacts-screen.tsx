import { UpcomingScreen } from '@/components/upcoming-screen';

export default function ContactsScreen() {
  return (
    <UpcomingScreen
      screen="contacts"
      eyebrow="Your account"
      title="Contacts"
      lead="The people at your practice we should reach, and who is the primary contact."
    />
  );
}
