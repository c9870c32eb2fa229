declare module 'virtual:countries' {
  /** Built by vite-plugins/countries.ts from world-countries, sorted by common name. */
  export const countries: readonly { name: string; code: string }[];
}
