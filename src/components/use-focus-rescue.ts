import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keeps a keyboard user's place when what they were on goes away: a section replaced by the next
 * step, a button gone with the status that offered it. After each render of the caller, when the
 * element last focused has left the page and focus fell to the body, the element with
 * `fallbackId` (a heading with tabIndex -1) takes it. A dialog that restores focus to its opener
 * still does so: it runs after this.
 */
export function useFocusRescue(fallbackId: string): void {
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useLayoutEffect(() => {
    const last = lastFocused.current;
    if (!last || last.isConnected) return;
    lastFocused.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById(fallbackId)?.focus();
  });
}
