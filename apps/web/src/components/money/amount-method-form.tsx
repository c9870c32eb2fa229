import {
  centsToDollarsInput,
  type DepositForm,
  depositFormSchema,
  depositMessages,
  parseDollars,
} from '@meridian/shared';
import { useId, useMemo } from 'react';
import { notify } from '../../lib/toast';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Form, FormField, useZodForm } from '../ui/form';
import { LoadError } from '../ui/load-error';
import { MoneyInput } from '../ui/money-input';
import { Skeleton } from '../ui/skeleton';
import { type MethodOption, MethodPicker } from './method-picker';

export type MethodList =
  | { state: 'loading' }
  | { state: 'error'; message: string; retry: () => void; retrying: boolean }
  | { state: 'ready'; options: readonly MethodOption[] };

interface AmountMethodFormProps {
  title: string;
  description: string;
  methods: MethodList;
  /** The operator's minimum, cents (the server checks it again). */
  minCents: number;
  /** Runs with a checked amount (cents) and method; usually navigates to the next step. */
  onProceed: (amount: { cents: number; dollars: string }, methodId: string) => void;
  /**
   * Why this amount cannot go on, said here rather than at the last step ('Insufficient balance' for
   * a withdrawal above the balance), or undefined. A display check: the server decides again.
   */
  refuse?: (cents: number) => string | undefined;
}

/**
 * The first step of a deposit or a withdrawal (spec sections 4 and 5): an amount of at least the
 * minimum (100 unless an operator changed it) and a method, each problem as the specification's toast, '{label} selected' on a choice.
 */
export function AmountMethodForm({ title, description, methods, minCents, onProceed, refuse }: AmountMethodFormProps) {
  const id = useId();
  const schema = useMemo(() => depositFormSchema(minCents), [minCents]);
  const form = useZodForm(schema, { report: 'toast', defaultValues: { amount: '', methodId: '' } });
  const methodId = form.watch('methodId');

  const choose = (next: string) => {
    if (methods.state !== 'ready') return;
    const option = methods.options.find((m) => m.id === next);
    if (!option) return;
    form.setValue('methodId', next);
    notify.success(depositMessages.methodSelected(option.label));
  };

  const proceed = (values: DepositForm) => {
    const parsed = parseDollars(values.amount);
    if (!parsed.ok) return;
    const refusal = refuse?.(parsed.cents);
    if (refusal) {
      // As the form's own problems are told: a toast, the field focused.
      notify.error(refusal);
      form.setFocus('amount');
      return;
    }
    onProceed({ cents: parsed.cents, dollars: centsToDollarsInput(parsed.cents) }, values.methodId);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={proceed} className="flex flex-col gap-5">
          <FormField name="amount" label="Amount">
            {(field) => <MoneyInput placeholder="100.00" {...field} />}
          </FormField>
          <div className="flex flex-col gap-2">
            <p id={`${id}-methods`} className="text-sm font-medium text-slate-900 dark:text-white">
              Method
            </p>
            {methods.state === 'loading' ? (
              <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
                {[0, 1, 2, 3].map((key) => (
                  <Skeleton key={key} className="h-16 rounded-xl" />
                ))}
              </div>
            ) : methods.state === 'error' ? (
              <LoadError message={methods.message} onRetry={methods.retry} retrying={methods.retrying} />
            ) : methods.options.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No methods are available right now. Please try again later.
              </p>
            ) : (
              <MethodPicker options={methods.options} value={methodId} onChange={choose} labelledBy={`${id}-methods`} />
            )}
          </div>
          <Button type="submit" className="self-start">
            Proceed
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
