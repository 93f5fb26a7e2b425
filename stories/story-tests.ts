/**
 * Every story is a test: each one renders under jsdom with the preview's decorators (the router),
 * its MSW handlers answering the screen's real API calls, and its play function's assertions.
 * A new *.stories.tsx file is picked up on its own.
 *
 * The stories are run by four test files (stories-1…4.test.tsx), each taking the story files
 * whose name hashes to it, so that CI's two workers share them instead of one file running every
 * story for minutes at the end of the run.
 */
import { composeStories, type ReactRenderer } from '@storybook/react';
import type { ComposedStoryFn, Store_CSFExports } from 'storybook/internal/types';
import { describe, expect, it } from 'vitest';

export type StoryModule = Store_CSFExports<ReactRenderer>;

export const STORY_SHARDS = 4;

export function composed(module: StoryModule): [string, ComposedStoryFn<ReactRenderer>][] {
  return Object.entries(composeStories(module)) as [string, ComposedStoryFn<ReactRenderer>][];
}

/** Which shard (0-based) runs a story file: a stable hash of its name. */
export function storyShard(file: string): number {
  let hash = 0;
  for (const char of file) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % STORY_SHARDS;
}

/** Imports this shard's story files and declares a test per story. */
export async function describeStoryShard(
  storyFiles: Record<string, () => Promise<StoryModule>>,
  shard: number,
): Promise<void> {
  const mine = Object.keys(storyFiles)
    .filter((file) => storyShard(file) === shard)
    .sort();
  const modules = await Promise.all(mine.map(async (file) => [file, await storyFiles[file]!()] as const));

  it('has story files', () => {
    expect(mine.length).toBeGreaterThan(0);
  });

  for (const [file, module] of modules) {
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
}
