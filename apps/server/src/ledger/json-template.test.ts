import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJsonTemplate } from './json-template.js';

interface Values extends Record<string, string | number> {
  name: string;
  note: string;
  cents: number;
}

/** A document that carries each value more than once, nested in objects and arrays. */
const build = (v: Values) => ({
  kind: 'sample %',
  who: { name: v.name, again: [v.name, v.cents] },
  lines: [
    { note: v.note, cents: v.cents },
    { note: 'fixed "text"', cents: -1 },
  ],
});

const samples: [Values, Values] = [
  { name: 'a', note: 'b', cents: 1 },
  { name: 'c', note: 'd%', cents: -2 },
];
const doubled = (t: string) => t.replaceAll('%', '%%');
const text = fc.string({ unit: 'grapheme', maxLength: 40 });

describe('compileJsonTemplate', () => {
  it('renders exactly the JSON text of the document built from the same values', () => {
    const render = compileJsonTemplate(build, samples);
    fc.assert(
      fc.property(text, text, fc.maxSafeInteger(), (name, note, cents) => {
        const values = { name, note, cents };
        expect(render(values)).toBe(JSON.stringify(build(values)));
      }),
    );
  });

  it('escapes the fixed text and every value, and places raw values as given', () => {
    const render = compileJsonTemplate(build, samples, doubled);
    fc.assert(
      fc.property(text, fc.integer(), (note, cents) => {
        const out = render({ name: 'ignored', note, cents }, { name: '%1$s' });
        const expected = doubled(JSON.stringify(build({ name: '\u0001', note, cents }))).replaceAll(
          JSON.stringify('\u0001'),
          '%1$s',
        );
        expect(out).toBe(expected);
      }),
    );
  });

  it('refuses a document that computes with a value instead of carrying it', () => {
    expect(() => compileJsonTemplate((v: Values) => ({ debit: -v.cents }), samples)).toThrow(/computed with/);
    expect(() => compileJsonTemplate((v: Values) => ({ line: `Transfer to ${v.name}` }), samples)).toThrow(
      /computed with/,
    );
  });
});
