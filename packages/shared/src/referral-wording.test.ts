import { describe, expect, it } from 'vitest';
import { referralWording } from './referral-wording.js';

describe('referralWording', () => {
  const all = Object.entries(referralWording).map(([name, say]) => [name, [say('$75.00')].flat().join(' ')] as const);

  it.each(all)('%s names the amount it is given and says it is paid on activation', (_name, text) => {
    expect(text).toContain('$75.00');
    expect(text).toMatch(/activated/);
  });

  it.each(all)('%s never promises the bonus for registering or joining alone', (_name, text) => {
    expect(text).not.toMatch(
      /when a friend registers|who registers with it adds|for every friend who (joins|registers)\.|A friend registers$/,
    );
  });
});
