/**
 * What holds for the story files as a whole; the stories themselves run as tests in
 * stories-1…4.test.tsx (story-tests.ts).
 */
import { expect, it } from 'vitest';
import { composed, STORY_SHARDS, storyShard, type StoryModule } from './story-tests';

const storyFiles = import.meta.glob<StoryModule>('./**/*.stories.tsx');
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

it('has a story on the analysts’ page for every committed machine diagram, showing that file', async () => {
  const load = storyFiles['./machine-diagrams.stories.tsx'];
  expect(load).toBeDefined();
  const shown = composed(await load!()).map(([, Story]) => (Story.args as { source?: string }).source);
  expect(Object.keys(diagramSources).length).toBeGreaterThan(0);
  for (const [file, source] of Object.entries(diagramSources)) {
    expect(shown, `${file} has no story in stories/machine-diagrams.stories.tsx`).toContain(source);
  }
});

it('runs every story file in exactly one shard, and every shard has some', () => {
  const shards = Object.keys(storyFiles).map(storyShard);
  for (const shard of shards) expect(shard).toBeGreaterThanOrEqual(0);
  for (const shard of shards) expect(shard).toBeLessThan(STORY_SHARDS);
  expect(new Set(shards).size).toBe(STORY_SHARDS);
});
