/** Removes what a dialog left behind when navigation cut it short: backdrops and body scroll locks. */
export function clearLeftoverOverlays(doc: Document): void {
  for (const backdrop of doc.querySelectorAll('.modal-backdrop, [data-modal-backdrop]')) backdrop.remove();
  doc.body.classList.remove('modal-open');
  doc.body.style.removeProperty('overflow');
  doc.body.style.removeProperty('padding-right');
}
