import type { RealtimeEvent } from '@meridian/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  adminQueryKey,
  depositMethodsQueryKey,
  investmentsQueryKey,
  meQueryKey,
  plansQueryKey,
  publicConfigQueryKey,
  referralsQueryKey,
  transactionsQueryKey,
  walletQueryKey,
} from './query-keys';

export type Topic = RealtimeEvent['topics'][number];

/** The query keys (prefixes) that each realtime topic makes stale. */
const KEYS_BY_TOPIC: Record<Topic, readonly QueryKey[]> = {
  wallet: [walletQueryKey],
  transactions: [transactionsQueryKey],
  investments: [investmentsQueryKey],
  referrals: [referralsQueryKey],
  user: [meQueryKey],
  config: [publicConfigQueryKey],
  catalogue: [plansQueryKey, depositMethodsQueryKey],
  admin: [adminQueryKey],
};

export const ALL_TOPICS = Object.keys(KEYS_BY_TOPIC) as Topic[];

export type MoneyMutation = 'transfer' | 'invest' | 'claim' | 'end' | 'bonus-move' | 'deposit' | 'withdraw';

/** What each money mutation changes, named as the topics the server publishes for it. */
const TOPICS_BY_MUTATION: Record<MoneyMutation, readonly Topic[]> = {
  transfer: ['wallet', 'transactions'],
  invest: ['wallet', 'investments', 'transactions'],
  claim: ['wallet', 'investments', 'transactions'],
  end: ['wallet', 'investments', 'transactions'],
  'bonus-move': ['wallet', 'transactions'],
  deposit: ['wallet', 'transactions'],
  withdraw: ['wallet', 'transactions'],
};

/** Refetches the views named by `topics` (a realtime event, or a reconnect's everything). */
export function invalidateTopics(queryClient: QueryClient, topics: readonly Topic[]): Promise<void> {
  const keys = [...new Set(topics)].flatMap((topic) => KEYS_BY_TOPIC[topic]);
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * Refetches what a money mutation changed. Resolves once they are refetched, so a caller that
 * returns it from onSuccess shows its result toast over fresh figures.
 */
export function invalidateAfterMoney(queryClient: QueryClient, kind: MoneyMutation): Promise<void> {
  return invalidateTopics(queryClient, TOPICS_BY_MUTATION[kind]);
}
