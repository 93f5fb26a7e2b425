/** "$2,500 deductible", but "No deductible" as it stands: labels come from the rate table. */
export function deductibleWords(label: string): string {
  return /^no\b/i.test(label) ? label : `${label} deductible`;
}
