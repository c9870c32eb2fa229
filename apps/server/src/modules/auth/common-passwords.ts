let list: Promise<ReadonlySet<string>> | undefined;

/**
 * The ~49,000 most common passwords of the leaked-password corpora that zxcvbn-ts maintains
 * (@zxcvbn-ts/language-common), lower-cased. Loaded on first use, once per process: the list
 * decompresses in tens of milliseconds and should not slow every start.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return list;
}

/**
 * Whether a password is one attackers try first: on the list (in any letter case, ignoring
 * surrounding spaces), or one character repeated — `aaaaaaaa` is as guessable as anything listed,
 * though no list can hold every such run.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const candidate = password.trim().toLowerCase();
  if (/^(.)\1*$/su.test(candidate)) return true;
  return (await commonPasswords()).has(candidate);
}
