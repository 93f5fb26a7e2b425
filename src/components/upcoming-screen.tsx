import type { ReactNode } from 'react';
import { ScreenLink } from '@/components/screen-link';
import type { ScreenName } from '@/routes/screens';

/**
 * A screen whose route exists and whose content is still being built: it says what it will hold
 * and offers the way back, rather than pretending. Each one is replaced by its real screen.
 */
export function UpcomingScreen({
  screen,
  eyebrow,
  title,
  lead,
  children,
}: {
  screen: ScreenName;
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  const titleId = `${screen}-title`;
  return (
    <section data-screen={screen} className="screen screen--narrow" aria-labelledby={titleId}>
      <p className="eyebrow">{eyebrow}</p>
      <h1 id={titleId}>{title}</h1>
      <p className="hero__lead">{lead}</p>
      {children}
      <div className="notice notice--upcoming">
        <p>
          <strong>Coming soon.</strong> This part of Practice Shield is still being built. Nothing you have done so far
          is lost.
        </p>
      </div>
      <p className="screen-actions">
        <ScreenLink screen="landing" className="button button--secondary">
          Back to the start
        </ScreenLink>
      </p>
    </section>
  );
}
