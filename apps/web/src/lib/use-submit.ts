import { useCallback, useRef } from 'react';
import { ApiError, errorMessage, errorMessageOr } from './api-client';
import { notify } from './toast';

/** A toast's title, or a title with a description line ('Investment successful' · 'Starter · $500.00'). */
export type ToastText = string | { title: string; description: string };

/** The part of a react-hook-form form that takes the server's field messages. */
export interface FieldProblemTarget {
  getValues(): object;
  setError(name: string, error: { message: string }, options?: { shouldFocus?: boolean }): void;
}

export interface SubmitOptions<TValues, TResult> {
  /** The call: usually a mutation's `mutateAsync`. */
  run: (values: TValues) => Promise<TResult>;
  /** The success toast (spec section 8), if the action has one. */
  success?: ToastText | ((result: TResult, values: TValues) => ToastText);
  /**
   * The failure toast for a failure the server did not explain ('Failed to transfer'); the server's
   * own message ('Insufficient balance') wins. Without it: the error's message, else 'An unknown error occurred'.
   */
  failure?: string;
  /** A toast shown while the call runs ('Claiming all profits...'), replaced by the outcome's toast. */
  progress?: string;
  /**
   * One toast id for the progress and the outcome of this action, so they replace each other in place.
   * Without it each toast is keyed by its text (see lib/toast.ts).
   */
  toastId?: string;
  /** The form whose fields take the server's per-field messages (`error.fields`), under each field. */
  form?: FieldProblemTarget;
  onSuccess?: (result: TResult, values: TValues) => void;
  onError?: (error: unknown) => void;
}

function showSuccess(text: ToastText, toastId: string | undefined): void {
  const title = typeof text === 'string' ? text : text.title;
  const description = typeof text === 'string' ? undefined : text.description;
  if (toastId === undefined) notify.success(title, description);
  else notify.as(toastId).success(title, description);
}

function showFailure(error: unknown, fallback: string | undefined, toastId: string | undefined): void {
  const message = fallback === undefined ? errorMessage(error) : errorMessageOr(error, fallback);
  if (toastId === undefined) notify.error(message);
  else notify.as(toastId).error(message);
}

/**
 * The one submit-with-toast helper: runs the call, shows the success or failure toast, and puts the
 * server's per-field messages under the form's fields. Never throws, so a form handler can use it as is.
 */
export function useSubmit<TValues, TResult>(
  options: SubmitOptions<TValues, TResult>,
): (values: TValues) => Promise<void> {
  // The latest options, so the handler stays stable while the page re-renders with new closures.
  const latest = useRef(options);
  latest.current = options;

  return useCallback(async (values: TValues) => {
    const { run, success, failure, progress, toastId, form, onSuccess, onError } = latest.current;
    if (progress !== undefined) notify.as(toastId ?? progress).loading(progress);
    let result: TResult;
    try {
      result = await run(values);
    } catch (error) {
      showFailure(error, failure, toastId);
      if (form) showFieldProblems(form, error);
      onError?.(error);
      return;
    }
    if (success !== undefined) showSuccess(typeof success === 'function' ? success(result, values) : success, toastId);
    onSuccess?.(result, values);
  }, []);
}

/** A refusal that names fields of this form ('Referral ID not found' on referrerId): said under each, the first focused. */
function showFieldProblems(form: FieldProblemTarget, error: unknown): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  const values = form.getValues();
  let first = true;
  for (const [name, message] of Object.entries(error.fields)) {
    if (!(name in values)) continue;
    form.setError(name, { message }, { shouldFocus: first });
    first = false;
  }
}
