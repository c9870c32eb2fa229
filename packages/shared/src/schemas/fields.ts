import { z } from 'zod';
import { messages } from '../messages.js';

/** True when a string holds a NUL character, which PostgreSQL cannot store in text. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * A string field that answers a wrong type, an oversized value or a NUL character with a clear
 * message (a NUL would otherwise reach PostgreSQL, which refuses it with an error, not a 400).
 */
export function text(max: number, typeMessage: string) {
  return z
    .string({ error: typeMessage })
    .max(max, { error: messages.fieldTooLong })
    .refine((v) => !hasNul(v), { error: messages.invalidCharacter });
}

/** A loose e-mail check: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** Error map for strict request objects: an extra key reads 'Unknown field', anything else 'Invalid request'. */
export const strictErrors = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys' ? messages.unknownField : messages.invalidRequest,
};
