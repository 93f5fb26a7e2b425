/** "$2,500 deductible", but "No deductible" as it stands: labels come from the rate table. */
export function deductibleWords(label: string): string {
  return /^no\b/i.test(label) ? label : `${label} deductible`;
}

/** "$1,000,000 / $3,000,000" as people say it, "$1M / $3M": the grid of options then fits beside the summary. */
export function compactAmounts(label: string): string {
  return label.replace(/\$(\d{1,3}(?:,\d{3})+)/g, (whole, digits: string) => {
    const amount = Number(digits.replace(/,/g, ''));
    if (amount >= 1_000_000 && amount % 100_000 === 0) return `$${amount / 1_000_000}M`;
    if (amount >= 1_000 && amount % 1_000 === 0) return `$${amount / 1_000}K`;
    return whole;
  });
}
