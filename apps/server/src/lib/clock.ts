const DAY_MS = 86_400_000;

export interface Clock {
  now: () => Date;
  /** Present only when TEST_CLOCK=true: moves this server's time forward for end-to-end tests. */
  advanceDays?: (days: number) => void;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock an end-to-end test can move forward through `npm run admin -- clock advance <days>`. */
export function testClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceDays(days: number) {
      offsetMs += days * DAY_MS;
    },
  };
}
