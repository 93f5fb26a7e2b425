/** Shard 4 of the stories run as tests (see story-tests.ts). */
import { describeStoryShard, type StoryModule } from './story-tests';

await describeStoryShard(import.meta.glob<StoryModule>('./**/*.stories.tsx'), 3);
