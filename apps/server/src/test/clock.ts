import type { Clock } from '../lib/clock.js';
import { DAY_MS } from '../modules/investments/profit.js';

/** A clock tests can move forward; starts at the real time. */
export function movableClock(): Clock & { advanceDays(days: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advanceDays(days: number) {
      offset += days * DAY_MS;
    },
  };
}
