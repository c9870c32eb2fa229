/** Longest slug drawn from a name; the suffix for a taken one (`-2`, `-3`, ...) comes on top. */
const SLUG_MAX = 40;

/**
 * A catalogue id from a name, shaped like the seeded ones ('starter', 'bank-transfer'): lower-case
 * ASCII letters and digits joined by single dashes, accents dropped; `fallback` when nothing is left
 * (a name in another script, say).
 */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * `base`, or the first of `base-2`, `base-3`, ... that is neither taken nor reserved (a reserved id is
 * a path word of the API, such as 'order' in /admin/deposit-methods/order).
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, reserved: readonly string[] = []): string {
  const free = (id: string) => !taken.has(id) && !reserved.includes(id);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (free(candidate)) return candidate;
  }
}
