import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate and formatDateTime', () => {
  it('write a date as the app shows it', () => {
    // Noon UTC is the same calendar day in every time zone a viewer may be in but the farthest ones.
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
    expect(formatDateTime('2026-01-05T12:00:00Z')).toMatch(/^Jan 5, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('show an unreadable value as given rather than "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
  });
});
