import { z } from 'zod';
import { messages } from '../messages.js';

/** A string field that answers a wrong type or an oversized value with a clear message. */
export function text(max: number, typeMessage: string) {
  return z.string({ error: typeMessage }).max(max, { error: messages.fieldTooLong });
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
