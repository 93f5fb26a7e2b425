import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import specialityCatalog from '../docs/machines/speciality-catalog.mmd?raw';
import { MachineDiagram } from './support/machine-diagram';

/**
 * For analysts: every state machine as drawn by `npm run diagrams` from its definition. The source
 * is the committed docs/machines/*.mmd, which a unit test keeps in step with the machines.
 * stories/stories.test.tsx checks that each diagram there has a story here.
 */
const meta = {
  title: 'Machines',
  component: MachineDiagram,
  parameters: { appShell: false, layout: 'padded' },
} satisfies Meta<typeof MachineDiagram>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the diagram, drawn or as source, and checks every state is in it. */
function expectStates(states: string[]): NonNullable<Story['play']> {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const article = await canvas.findByRole('article');
    await waitFor(() => expect(article).toHaveAttribute('aria-busy', 'false'));
    // The SVG's labels when Mermaid drew it (a browser), else the source it shows instead (jsdom).
    const figure = article.querySelector('figure');
    const shown = figure ? figure.textContent : article.querySelector('pre')?.textContent;
    for (const state of states) await expect(shown).toContain(state);
  };
}

export const SpecialityCatalog: Story = {
  name: 'Speciality catalog',
  args: { title: 'specialityCatalogMachine', file: 'docs/machines/speciality-catalog.mmd', source: specialityCatalog },
  play: expectStates(['loading', 'loaded', 'empty', 'failed', 'brokerNotFound']),
};
