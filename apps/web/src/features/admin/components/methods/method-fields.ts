import { type AdminDepositMethod, adminMessages } from '@meridian/shared';

export type MethodType = AdminDepositMethod['type'];
export const METHOD_TYPES: readonly MethodType[] = ['bank', 'crypto', 'paypal'];

/** The details each type of method carries, in the order a payer needs them. */
export const METHOD_DETAIL_FIELDS: Record<MethodType, readonly { key: string; label: string; mono: boolean }[]> = {
  bank: [
    { key: 'bankName', label: adminMessages.methods.fields.bankName, mono: false },
    { key: 'accountName', label: adminMessages.methods.fields.accountName, mono: false },
    { key: 'accountNumber', label: adminMessages.methods.fields.accountNumber, mono: true },
    { key: 'swiftCode', label: adminMessages.methods.fields.swiftCode, mono: true },
  ],
  crypto: [
    { key: 'network', label: adminMessages.methods.fields.network, mono: false },
    { key: 'address', label: adminMessages.methods.fields.address, mono: true },
  ],
  paypal: [{ key: 'email', label: adminMessages.methods.fields.email, mono: false }],
};
