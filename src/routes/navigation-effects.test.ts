// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { clearLeftoverOverlays, documentTitle } from '@/routes/navigation-effects';

it('removes leftover backdrops and body scroll locks, and nothing else', () => {
  document.body.innerHTML = '<main id="keep"></main><div class="modal-backdrop"></div><div data-modal-backdrop></div>';
  document.body.classList.add('modal-open', 'theme');
  document.body.style.overflow = 'hidden';
  clearLeftoverOverlays(document);
  expect(document.querySelectorAll('.modal-backdrop, [data-modal-backdrop]')).toHaveLength(0);
  expect(document.getElementById('keep')).not.toBeNull();
  expect([...document.body.classList]).toEqual(['theme']);
  expect(document.body.style.overflow).toBe('');
});

it('titles the document after the screen, and an unmatched path as page-not-found', () => {
  expect(documentTitle('Your quotes')).toBe('Your quotes — Practice Shield');
  expect(documentTitle(undefined)).toBe('Page not found — Practice Shield');
});
