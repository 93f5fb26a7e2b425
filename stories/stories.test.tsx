/**
 * Every story is a test: each one renders under jsdom with the preview's decorators (the router),
 * its MSW handlers answering the screen's real API calls, and its play function's assertions.
 * A new *.stories.tsx file is picked up on its own.
 */
import { composeStories, type ReactRenderer } from '@storybook/react';
import type { ComposedStoryFn, Store_CSFExports } from 'storybook/internal/types';
import { describe, expect, it } from 'vitest';

type StoryModule = Store_CSFExports<ReactRenderer>;

function composed(module: StoryModule): [string, ComposedStoryFn<ReactRenderer>][] {
  return Object.entries(composeStories(module)) as [string, ComposedStoryFn<ReactRenderer>][];
}

const storyFiles = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });
const diagramSources = import.meta.glob<string>('../docs/machines/*.mmd', {
  eager: true,
  query: '?raw',
  import: 'default',
});

it('finds the story files', () => {
  expect(Object.keys(storyFiles)).toEqual(
    expect.arrayContaining([
      './landing.stories.tsx',
      './page-not-found.stories.tsx',
      './machine-diagrams.stories.tsx',
      './login.stories.tsx',
      './signup.stories.tsx',
      './forgot-password.stories.tsx',
      './change-password.stories.tsx',
      './signup-confirmation.stories.tsx',
      './header.stories.tsx',
      './specialities.stories.tsx',
      './quote.stories.tsx',
      './question-list.stories.tsx',
      './order.stories.tsx',
      './route-error.stories.tsx',
      './dashboard.stories.tsx',
      './feedback.stories.tsx',
      './claims.stories.tsx',
      './additional-insureds.stories.tsx',
      './contacts.stories.tsx',
      './locations.stories.tsx',
      './edit-order.stories.tsx',
      './payment.stories.tsx',
      './payment-confirm.stories.tsx',
      './sign-application.stories.tsx',
      './purchase-progress.stories.tsx',
      './cover-summary.stories.tsx',
    ]),
  );
});

for (const [file, module] of Object.entries(storyFiles)) {
  describe(file, () => {
    const stories = composed(module);

    it('has stories', () => {
      expect(stories.length).toBeGreaterThan(0);
    });

    for (const [name, Story] of stories) {
      it(name, async () => {
        // A story without a play function asserts nothing about what the screen shows.
        expect(Story.play, `${name} has no play function`).toBeTypeOf('function');
        await Story.run();
      });
    }
  });
}

it('has a story on the analysts’ page for every committed machine diagram, showing that file', () => {
  const module = storyFiles['./machine-diagrams.stories.tsx'];
  expect(module).toBeDefined();
  const shown = composed(module!).map(([, Story]) => (Story.args as { source?: string }).source);
  expect(Object.keys(diagramSources).length).toBeGreaterThan(0);
  for (const [file, source] of Object.entries(diagramSources)) {
    expect(shown, `${file} has no story in stories/machine-diagrams.stories.tsx`).toContain(source);
  }
});
