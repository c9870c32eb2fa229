import {
  type PayoutBankForm,
  type PayoutCryptoForm,
  type PayoutDetails,
  payoutBankFormSchema,
  payoutCryptoFormSchema,
  withdrawalMessages,
} from '@meridian/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { type TabItem, TabPanel, Tabs } from '../../../components/ui/tabs';
import { usePayoutDetails, useSavePayoutDetails } from '../../../lib/api/payout-details';
import { useSubmit } from '../../../lib/use-submit';

type PayoutTab = 'bank' | 'crypto';
const tabs: readonly TabItem<PayoutTab>[] = [
  { value: 'bank', label: 'Bank Transfer' },
  { value: 'crypto', label: 'Crypto' },
];

const BANK_FIELDS: { name: keyof PayoutBankForm; label: string }[] = [
  { name: 'bankName', label: 'Bank name' },
  { name: 'accountNumber', label: 'Account number' },
  { name: 'accountName', label: 'Account name' },
  { name: 'routingNumber', label: 'Routing number' },
  { name: 'swiftCode', label: 'Swift code' },
];
const CRYPTO_FIELDS: { name: keyof PayoutCryptoForm; label: string }[] = [
  { name: 'bitcoin', label: 'Bitcoin address' },
  { name: 'ethereum', label: 'Ethereum address' },
  { name: 'litecoin', label: 'Litecoin address' },
];

/** Profile, Withdrawal Information: saved on the server, the prefill of every withdrawal. */
export function PayoutForm() {
  const [tab, setTab] = useState<PayoutTab>('bank');
  const details = usePayoutDetails();
  if (details.isLoading) return <Skeleton className="h-72 rounded-xl" />;
  if (details.isError || !details.data) {
    return (
      <LoadError
        message="Failed to fetch withdrawal information"
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <Tabs idPrefix="payout" label="Payout method" items={tabs} value={tab} onValueChange={setTab} />
      <TabPanel idPrefix="payout" value={tab}>
        <DetailsForm key={tab} saved={details.data} part={tab} />
      </TabPanel>
    </div>
  );
}

const SECTIONS = {
  bank: { schema: payoutBankFormSchema, fields: BANK_FIELDS, mono: false },
  crypto: { schema: payoutCryptoFormSchema, fields: CRYPTO_FIELDS, mono: true },
} as const;

/** One tab's form: its fields checked by its shared schema, saved with the other tab's details as they are. */
function DetailsForm({ saved, part }: { saved: PayoutDetails; part: PayoutTab }) {
  const { fields, mono } = SECTIONS[part];
  const schema = SECTIONS[part].schema as unknown as z.ZodType<Record<string, string>, Record<string, string>>;
  const form = useZodForm(schema, { defaultValues: saved[part] });
  const save = useSavePayoutDetails();
  const submit = useSubmit({
    run: (values: Record<string, string>) => save.mutateAsync({ ...saved, [part]: values } as PayoutDetails),
    success: withdrawalMessages.payoutSaved,
    form,
  });
  return (
    <Form form={form} onSubmit={submit} className="flex max-w-xl flex-col gap-5">
      {fields.map((f) => (
        <FormField key={f.name} name={f.name} label={f.label}>
          {(field) => <Input autoComplete="off" className={mono ? 'font-mono' : undefined} {...field} />}
        </FormField>
      ))}
      <Button type="submit" loading={save.isPending} className="self-start">
        {save.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </Form>
  );
}
