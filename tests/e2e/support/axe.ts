import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA, as the accessibility rule of the project asks. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** E2E_SCREENSHOTS=dir keeps a full-page picture of every state axe checks, to look at by eye. */
const screenshotDir = process.env.E2E_SCREENSHOTS;
let shot = 0;

async function keepScreenshot(page: Page): Promise<void> {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  shot += 1;
  const where = new URL(page.url()).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  const name = `${process.pid}-${String(shot).padStart(3, '0')}-${where}.png`;
  await page.screenshot({ path: join(screenshotDir, name), fullPage: true });
}

/** The page's axe-core violations, as readable lines; an empty list means it passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  await keepScreenshot(page);
  // Evaluated through the DevTools protocol rather than a <script> tag: the app's CSP rightly blocks inline scripts.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, TAGS)) as Violation[];
  return violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
