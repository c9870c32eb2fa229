import { messages } from '@meridian/shared';
import { type FormHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
  useFormContext,
} from 'react-hook-form';
import type { z } from 'zod';
import { onDemand } from '../../lib/on-demand';
import { notify } from '../../lib/toast';
import { Field } from './field';

/**
 * How a form reports the problems its schema finds before anything is sent: 'inline', every problem
 * under its field (the default); 'toast', the first problem only, as a toast, its field focused (the
 * specification's register and login forms). Fields listed in `inlineFields` keep theirs under the
 * field even in 'toast' mode ('Passwords do not match' on the confirmation).
 */
export type ProblemReport = 'inline' | 'toast';

interface ZodFormOptions<TIn extends FieldValues, TOut> extends Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> {
  report?: ProblemReport;
  inlineFields?: readonly FieldPath<TIn>[];
}

export type ZodForm<TIn extends FieldValues, TOut> = UseFormReturn<TIn, unknown, TOut> & {
  report: ProblemReport;
  inlineFields: readonly FieldPath<TIn>[];
  /** Starts loading the validation code (a no-op once loaded). */
  prefetch: () => void;
};

/**
 * A form's schema, or a loader of it. The visitor's pages (/login, /register) pass a loader: zod and the
 * resolver are then fetched when the form is first focused, not with the page.
 */
export type FormSchema<TIn extends FieldValues, TOut> = z.ZodType<TOut, TIn> | (() => Promise<z.ZodType<TOut, TIn>>);

type LazyResolver<TIn extends FieldValues, TOut> = Resolver<TIn, unknown, TOut> & { prefetch: () => void };

/** zod's resolver (and zod with it), fetched once for the visit; after a failure, fetched again (on-demand.ts). */
const loadZodResolver = onDemand(() => import('@hookform/resolvers/zod'));

/**
 * A resolver that validates with the form's schema as of the submit (`current()`: a page may build it
 * from what it has loaded, e.g. the plans on offer), loading zod's resolver and a lazy schema at first
 * use or at `prefetch`.
 */
function lazyZodResolver<TIn extends FieldValues, TOut>(current: () => FormSchema<TIn, TOut>): LazyResolver<TIn, TOut> {
  const load = () => {
    const schema = current();
    return Promise.all([loadZodResolver(), typeof schema === 'function' ? schema() : schema]);
  };
  const resolver: Resolver<TIn, unknown, TOut> = async (live, context, options) => {
    // react-hook-form hands over its live values: judge them as they were when the form was submitted,
    // not as the user has changed them by the time the validation code arrives (a press with a short
    // password, corrected while zod was on its way, registered the account).
    const values = structuredClone(live);
    let loaded: Awaited<ReturnType<typeof load>>;
    try {
      loaded = await load();
    } catch {
      // The code could not be fetched (offline): nothing is sent, and the user is told why.
      notify.error(messages.unknownError);
      // A form-level problem stops the submit; its message is empty, as the toast above said it.
      return { values: {}, errors: { root: { type: 'load', message: '' } } as FieldErrors<TIn> };
    }
    const [{ zodResolver }, schema] = loaded;
    return zodResolver(schema)(values, context, options);
  };
  return Object.assign(resolver, { prefetch: () => void load().catch(() => undefined) });
}

/** react-hook-form validated by a shared zod schema: the one way a form of the app is built. */
export function useZodForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: FormSchema<TIn, TOut>,
  { report = 'inline', inlineFields = [], ...options }: ZodFormOptions<TIn, TOut> = {},
): ZodForm<TIn, TOut> {
  const latest = useRef(schema);
  latest.current = schema;
  const [resolver] = useState(() => lazyZodResolver(() => latest.current));
  const form = useForm<TIn, unknown, TOut>({
    ...options,
    resolver,
    // A toast form shows a problem once, at submit: re-checking while typing would put it under the field.
    ...(report === 'toast' ? { reValidateMode: 'onSubmit' as const } : {}),
  });
  return { ...form, report, inlineFields, prefetch: resolver.prefetch };
}

function firstProblem<T extends FieldValues>(errors: FieldErrors<T>): [FieldPath<T>, string] | null {
  for (const [name, error] of Object.entries(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message !== '') return [name as FieldPath<T>, message];
  }
  return null;
}

interface FormProps<TIn extends FieldValues, TOut>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'> {
  form: ZodForm<TIn, TOut>;
  /** Runs with the schema's output once it finds no problem (usually a `useSubmit` handler). */
  onSubmit: (values: TOut) => unknown;
}

/** The `<form>` of a `useZodForm`: validates on submit and reports problems the form's way. */
export function Form<TIn extends FieldValues, TOut>({ form, onSubmit, children, ...props }: FormProps<TIn, TOut>) {
  const { report, inlineFields, prefetch, ...methods } = form;

  const onInvalid = (errors: FieldErrors<TIn>) => {
    if (report !== 'toast') return;
    const problem = firstProblem(errors);
    methods.clearErrors();
    if (!problem) return;
    const [name, message] = problem;
    if (inlineFields.includes(name)) {
      methods.setError(name, { message }, { shouldFocus: true });
      return;
    }
    notify.error(message);
    methods.setFocus(name);
  };

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        // The validation code is fetched as the user reaches the form, so it is there by the time they submit.
        onFocus={prefetch}
        onPointerDown={prefetch}
        onSubmit={(event) =>
          void methods.handleSubmit(async (values) => void (await onSubmit(values)), onInvalid)(event)
        }
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** What a control needs to be one field of the form: its id, its error wiring, and `register`'s props. */
export interface FieldControl extends UseFormRegisterReturn {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  hint?: ReactNode;
  className?: string;
  /** Renders the control, spreading `control` onto it. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A labelled field of the enclosing `<Form>`, with its problem (from the schema or the server) under it
 * until the field is edited.
 */
export function FormField<T extends FieldValues>({ name, label, hint, className, children }: FormFieldProps<T>) {
  const {
    register,
    clearErrors,
    formState: { errors },
  } = useFormContext<T>();
  const id = `${useId()}-${name}`;
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  const error = typeof message === 'string' && message !== '' ? message : undefined;
  const control: FieldControl = {
    id,
    ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
    // Editing a field takes its problem away (a server's message, a mismatch) until the next submit.
    ...register(name, { onChange: () => error && clearErrors(name) }),
  };
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {children(control)}
    </Field>
  );
}
