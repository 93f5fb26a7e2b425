import type { ViewportGlobals, ViewportParameters } from 'storybook/viewport';

/**
 * The two widths the purchase is designed and checked at, as the browser test of the purchase
 * checks them (tests/e2e/purchase.e2e.test.ts): a desktop, 1280 × 800 CSS pixels, and a phone,
 * 390 × 844. In Storybook a story spreading `onADesktop` or `onAPhone` opens in that viewport (the
 * toolbar's viewport menu lists both); under jsdom, which lays nothing out, the story's play
 * function checks what that layout is built from, and the width says which layout the story is
 * about.
 */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

type Size = { width: number; height: number };
const viewport = (name: string, size: Size, type: 'desktop' | 'mobile') => ({
  name: `${name} (${size.width} × ${size.height})`,
  styles: { width: `${size.width}px`, height: `${size.height}px` },
  type,
});

const purchaseViewports: NonNullable<ViewportParameters['viewport']>['options'] = {
  desktop: viewport('Desktop', DESKTOP, 'desktop'),
  phone: viewport('Phone', PHONE, 'mobile'),
};

/** Spread into a story (merging `parameters` with the story's own): it opens at a desktop's width. */
export const onADesktop = {
  parameters: { viewport: { options: purchaseViewports } } satisfies ViewportParameters,
  globals: { viewport: { value: 'desktop', isRotated: false } } satisfies ViewportGlobals,
};

/** Spread into a story (merging `parameters` with the story's own): it opens at a phone's width. */
export const onAPhone = {
  parameters: { viewport: { options: purchaseViewports } } satisfies ViewportParameters,
  globals: { viewport: { value: 'phone', isRotated: false } } satisfies ViewportGlobals,
};
