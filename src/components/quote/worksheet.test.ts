import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { worksheetSteps, type WorksheetLine } from '@shared/contract/rating';
import { Worksheet } from '@/components/quote/worksheet';
import { worksheetWhy } from '@/components/quote/worksheet-words';

const lines: WorksheetLine[] = [
  {
    step: 'base',
    label: 'Base premium for Architects in Texas',
    source: 'rate table 99, version 1',
    amountCents: 273_000,
    runningCents: 273_000,
    text: 'Base premium for Architects in Texas: $2,730.00',
  },
  {
    step: 'limit',
    label: '$1M per claim / $1M in all',
    source: 'limit 1M/1M',
    factorBps: 10_000,
    runningCents: 273_000,
    text: '$1M per claim / $1M in all ×1.00: $2,730.00',
  },
  {
    step: 'experience',
    label: 'No claims in the last five years',
    source: 'experience band 0–0',
    factorBps: 9_500,
    runningCents: 259_350,
    text: 'No claims in the last five years ×0.95: $2,593.50',
  },
];

const render = (sources?: boolean) => renderToStaticMarkup(createElement(Worksheet, { lines, sources }));

describe('Worksheet', () => {
  it('shows the insured each line in plain words with why it is there, never the rate table’s references', () => {
    const html = render();
    for (const line of lines) expect(html).toContain(line.text);
    expect(html).toContain(worksheetWhy.limit);
    expect(html).not.toMatch(/rate table 99|version 1|limit 1M\/1M|experience band/);
  });

  it('shows an underwriter where each figure comes from instead', () => {
    const html = render(true);
    for (const line of lines) expect(html).toContain(line.source);
    expect(html).not.toContain(worksheetWhy.limit);
  });

  it('has words for every step a worksheet can have', () => {
    for (const step of worksheetSteps) expect(worksheetWhy[step], step).toMatch(/\w/);
  });
});
