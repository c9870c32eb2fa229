import { UNATTENDED_AFTER_MS } from '@meridian/shared';
import { describe, expect, it } from 'vitest';
import { createAttention } from './attention';

/** A window stand-in: records the listeners and fires one input event. */
function fakeWindow() {
  const listeners = new Map<string, () => void>();
  return {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    fire: (type: string) => listeners.get(type)?.(),
    types: () => [...listeners.keys()],
  };
}

describe('attention: whether a request is the user’s doing', () => {
  it('is attended after loading, unattended once no input came for the limit, attended again on input', () => {
    let t = 1_000;
    const attention = createAttention(() => t);
    const target = fakeWindow();
    attention.watch(target);
    expect(attention.unattended(false)).toBe(false);
    t += UNATTENDED_AFTER_MS;
    expect(attention.unattended(false)).toBe(false);
    t += 1;
    expect(attention.unattended(false)).toBe(true);
    target.fire('keydown');
    expect(attention.unattended(false)).toBe(false);
    t += UNATTENDED_AFTER_MS + 1;
    target.fire('pointerdown');
    expect(attention.unattended(false)).toBe(false);
    expect(target.types()).toEqual(['pointerdown', 'keydown', 'wheel', 'touchstart']);
  });

  it('is unattended whenever the page is hidden', () => {
    const attention = createAttention(() => 0);
    expect(attention.unattended(true)).toBe(true);
  });
});
