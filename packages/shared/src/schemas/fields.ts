import { z } from 'zod';
import { PHONE_MIN_LENGTH } from '../constants.js';
import { messages } from '../messages.js';

/** True when a string holds a NUL character, which PostgreSQL cannot store in text. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a string holds half of a UTF-16 surrogate pair (JSON's `"\ud800"`). It has no UTF-8
 * form: a jsonb column refuses it with an error, a text column silently stores U+FFFD instead.
 */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * A string field that answers a wrong type, an oversized value, a NUL character or a lone
 * surrogate with a clear message (either would otherwise reach PostgreSQL: a NUL is refused with an
 * error, not a 400; a lone surrogate is refused in jsonb and replaced by U+FFFD in text). Every
 * string a client sends goes through it (the bad-input test walks every route's schemas).
 */
export function text(max: number, typeMessage: string) {
  return z
    .string({ error: typeMessage })
    .max(max, { error: messages.fieldTooLong })
    .refine((v) => !hasNul(v), { error: messages.invalidCharacter })
    .refine((v) => !hasLoneSurrogate(v), { error: messages.brokenCharacter });
}

/** A loose e-mail check: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a phone number may hold besides its digits: a leading +, spaces, dashes and brackets. */
const PHONE_FORM = /^\+?[0-9 ()-]*$/;

/**
 * What is wrong with a (non-blank) phone number, or null: fewer than PHONE_MIN_LENGTH digits is the
 * specification's 'at least 10 digits' (letters count for nothing), then any character beyond the
 * phone form.
 */
export function phoneProblem(value: string): string | null {
  const phone = value.trim();
  if (phone.replace(/[^0-9]/g, '').length < PHONE_MIN_LENGTH) return messages.phoneTooShort;
  if (!PHONE_FORM.test(phone)) return messages.phoneCharacters;
  return null;
}

export function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** Error map for strict request objects: an extra key reads 'Unknown field', anything else 'Invalid request'. */
export const strictErrors = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys' ? messages.unknownField : messages.invalidRequest,
};

/**
 * The body of a route that takes none: nothing, or `{}`. One with fields is a mistake worth a 400
 * ('Unknown field'), not silence; the HTTP layer gives it to every such route (http/client-input.ts).
 */
export const emptyBody = z.strictObject({}, strictErrors).nullish();
