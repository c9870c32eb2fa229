import { describe, expect, it } from 'vitest';
import { shortName } from './history-wording.js';

describe('shortName', () => {
  it.each([
    ['Alice Anderson', 'Alice A.'],
    ['  alice   anderson  ', 'alice A.'],
    ['Mary Jane Watson', 'Mary W.'],
    ['Alice', 'Alice'],
    ['Ana 😀', 'Ana 😀.'],
    ['Zoë Ødegård', 'Zoë Ø.'],
  ])('%j is told to others as %j: the first name and the last name’s initial', (name, short) => {
    expect(shortName(name)).toBe(short);
  });
});
