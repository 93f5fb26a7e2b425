/** Removes what a dialog left behind when navigation cut it short: backdrops and body scroll locks. */
export function clearLeftoverOverlays(doc: Document): void {
  for (const backdrop of doc.querySelectorAll('.modal-backdrop, [data-modal-backdrop]')) backdrop.remove();
  doc.body.classList.remove('modal-open');
  doc.body.style.removeProperty('overflow');
  doc.body.style.removeProperty('padding-right');
}

export const PRODUCT_NAME = 'Practice Shield';

/** "Screen title — Practice Shield"; a path no route claims is page-not-found. */
export function documentTitle(screenTitle: string | undefined): string {
  return `${screenTitle ?? 'Page not found'} — ${PRODUCT_NAME}`;
}
