import { useEffect, useState } from 'react';

/**
 * How many times the browser brought this page back from its back/forward cache (Back from a
 * hosted checkout): a screen keyed by it starts afresh instead of showing the moment it left.
 */
export function usePageRestored(): number {
  const [restored, setRestored] = useState(0);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRestored((count) => count + 1);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return restored;
}
