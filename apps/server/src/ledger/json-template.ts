import { randomUUID } from 'node:crypto';

/**
 * A JSON document of fixed shape whose values change per call, compiled once: `build` runs with a
 * marker in place of each value, its JSON text is cut at the markers, and each call only joins the
 * fixed pieces with the JSON of its values. On the transfer's hot path this replaced building the
 * booking object and stringifying it per request, which cost the server more than the rest of the
 * booking did.
 *
 * A marker is a whole string holding a NUL and a random token drawn once per process, or for a
 * number a large integer no booking carries. A value `build` computes with never reaches the text as
 * its marker, and the document would be wrong: compiling catches it, since the template filled with
 * two samples must equal `build`'s own JSON of them, or it throws.
 */
export type JsonTemplate<V> = (values: V, raw?: Partial<Record<keyof V, string>>) => string;

type Scalar = string | number;

const TOKEN = randomUUID();
// Safe integers just below 2^53, far above any amount in cents a booking may carry.
const NUMBER_MARKER_BASE = Number.MAX_SAFE_INTEGER - 1_000_000;

/**
 * `escapeText` is applied to the whole text (fixed pieces once, each value's JSON per call), and must
 * distribute over concatenation (doubling '%' for format() does). `raw` values are placed as given,
 * unescaped: a format() argument's hole, say.
 */
export function compileJsonTemplate<V extends Record<string, Scalar>>(
  build: (values: V) => unknown,
  samples: readonly [V, V],
  escapeText: (text: string) => string = (text) => text,
): JsonTemplate<V> {
  const names = Object.keys(samples[0]) as (keyof V & string)[];
  const markers: Record<string, Scalar> = {};
  const byMarker = new Map<string, keyof V & string>();
  names.forEach((name, i) => {
    const marker = typeof samples[0][name] === 'number' ? NUMBER_MARKER_BASE + i : `\u0000${TOKEN}:${name}`;
    markers[name] = marker;
    byMarker.set(JSON.stringify(marker), name);
  });
  const text = JSON.stringify(build(markers as V));
  const pieces: string[] = [];
  const slots: (keyof V & string)[] = [];
  let at = 0;
  for (let next = nextMarker(text, at, byMarker); next; next = nextMarker(text, at, byMarker)) {
    pieces.push(escapeText(text.slice(at, next.index)));
    slots.push(next.name);
    at = next.index + next.length;
  }
  pieces.push(escapeText(text.slice(at)));

  const render: JsonTemplate<V> = (values, raw) => {
    let out = pieces[0] as string;
    for (let i = 0; i < slots.length; i++) {
      const name = slots[i] as keyof V & string;
      out += (raw?.[name] ?? escapeText(JSON.stringify(values[name]))) + (pieces[i + 1] as string);
    }
    return out;
  };
  for (const sample of samples) {
    if (render(sample) !== escapeText(JSON.stringify(build(sample)))) {
      throw new Error('compileJsonTemplate: a value does not reach the document as given (is it computed with?)');
    }
  }
  return render;
}

/** The first marker at or after `from`, by a scan for each (a handful of markers, compiled once). */
function nextMarker<K>(
  text: string,
  from: number,
  byMarker: Map<string, K>,
): { index: number; length: number; name: K } | null {
  let best: { index: number; length: number; name: K } | null = null;
  for (const [marker, name] of byMarker) {
    const index = text.indexOf(marker, from);
    if (index >= 0 && (best === null || index < best.index)) best = { index, length: marker.length, name };
  }
  return best;
}
