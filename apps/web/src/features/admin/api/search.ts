/** '?a=1&b=2' from the non-empty values, or '' when all are empty. */
export function searchOf(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
