/**
 * Query strings as plain text. TanStack's default reads each value as JSON, so `?s=12345678`
 * would arrive as a number and `?s=1E5` as 100000: speciality codes and redirect paths are text.
 * A key given more than once arrives as an array, so schemas decide what repeats mean.
 */
export function parseSearch(searchString: string): Record<string, string | string[]> {
  // No prototype while collecting: `?constructor=x` or `?__proto__=x` are keys like any other.
  const search: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(searchString)) {
    const previous = search[key];
    if (previous === undefined) search[key] = value;
    else search[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { ...search };
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  // Commas separate speciality codes (`?s=A,B`); they need no escaping in a query string.
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
