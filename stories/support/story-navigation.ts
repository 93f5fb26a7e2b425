import { expect, waitFor } from 'storybook/test';

/**
 * Where the screen navigated to, once it has (stories/support/router-decorator.tsx shows the
 * destination instead of another screen): its address and the history state it handed on.
 */
export async function navigatedTo(canvasElement: HTMLElement): Promise<{ href: string; state: unknown }> {
  const destination = await waitFor(() => {
    const element = canvasElement.querySelector<HTMLElement>('[data-story-navigated-to]');
    expect(element, 'the screen has not navigated away').not.toBeNull();
    return element!;
  });
  return {
    href: destination.dataset.storyNavigatedTo ?? '',
    state: JSON.parse(destination.dataset.storyNavigatedState ?? '{}') as unknown,
  };
}

/** The story's current address while it shows the story itself (a change of query only). */
export function storyLocation(canvasElement: HTMLElement): string | undefined {
  return canvasElement.querySelector<HTMLElement>('[data-story-location]')?.dataset.storyLocation;
}
