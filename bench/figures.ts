/**
 * Every figure the bench measures, printed as `<figure>: <value> (goal …)` when measured and
 * gathered for the closing summary. A missed goal is a finding, not an error: the bench still
 * exits 0. Errors (a failed request under load, a page that did not show) throw instead.
 */
export interface Figure {
  section: string;
  name: string;
  /** As printed: number and unit. */
  value: string;
  /** As printed, e.g. "≤ 110 KB"; empty when the figure is only reported. */
  goal: string;
  /** Whether the goal is met; undefined when there is no goal. */
  met?: boolean;
  /** Printed after the goal on the figure's own line (not in the summary). */
  note?: string;
}

const figures: Figure[] = [];

export function report(figure: Figure): void {
  figures.push(figure);
  const goal = figure.goal ? ` (goal ${figure.goal})` : '';
  const mark = figure.met === undefined ? '' : figure.met ? ' ✓' : ' ✗';
  const note = figure.note ? ` — ${figure.note}` : '';
  console.log(`${figure.name}: ${figure.value}${goal}${mark}${note}`);
}

/** A line of context that is not a figure with a goal (rates, sizes, settings). */
export function say(line: string): void {
  console.log(`  ${line}`);
}

export function printSummary(failedSections: readonly string[]): void {
  const rows = figures.map((f) => [
    f.met === undefined ? '·' : f.met ? '✓' : '✗',
    f.name,
    f.value,
    f.goal || '(reported)',
  ]);
  const widths = [1, 0, 0, 0].map((min, column) => Math.max(min, ...rows.map((row) => [...row[column]!].length)));
  const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - [...text].length));
  console.log('\nSummary');
  console.log(`${pad('', widths[0]!)}  ${pad('figure', widths[1]!)}  ${pad('value', widths[2]!)}  goal`);
  for (const row of rows) console.log(row.map((cell, i) => (i === 3 ? cell : pad(cell, widths[i]!))).join('  '));
  const met = figures.filter((f) => f.met === true).length;
  const missed = figures.filter((f) => f.met === false).length;
  console.log(`${met} goals met, ${missed} missed, ${figures.length - met - missed} figures reported without a goal`);
  if (failedSections.length > 0) console.log(`Sections that failed (see above): ${failedSections.join(', ')}`);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p-th percentile (0–100), nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const settings = {
  /** Seconds per throughput run. */
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  /** ABBA rounds (throughput, and the sign-in mix). */
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  /** Seconds per fixed-rate latency run: p99 needs enough samples. */
  latencySeconds: Number(process.env.BENCH_LATENCY_SECONDS ?? Math.max(10, Number(process.env.BENCH_SECONDS ?? 5) * 2)),
  /** Signed-in reads per second in the latency runs. */
  rate: Number(process.env.BENCH_RATE ?? 50),
  /** Seconds idle after healthy before reading the server's RSS. */
  idleSeconds: Number(process.env.BENCH_IDLE_SECONDS ?? 5),
};
