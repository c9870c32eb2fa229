import type { Wallet } from '@meridian/shared';
import { messages } from '@meridian/shared';
import { History, type LucideIcon } from 'lucide-react';
import { useWallet, walletFigure } from '../../lib/api/get-wallet';
import { Card, CardContent } from '../ui/card';
import { LoadError } from '../ui/load-error';
import { StatTile } from '../ui/stat-tile';
import { TextLink } from '../ui/text-link';

interface FigureCardProps {
  label: string;
  figure: keyof Wallet;
  icon: LucideIcon;
  testId: string;
}

/**
 * The side card of the deposit and withdrawal pages: one wallet figure from the books (or that it
 * failed to load, with a Retry, never $0.00) and the View History link.
 */
export function FigureCard({ label, figure, icon, testId }: FigureCardProps) {
  const { wallet, isLoading, isError, isFetching, retry } = useWallet();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <StatTile
          label={label}
          value={walletFigure(wallet?.[figure])}
          loading={isLoading}
          icon={icon}
          testId={testId}
        />
        {isError && <LoadError message={messages.failedToFetchUserData} onRetry={retry} retrying={isFetching} />}
        <TextLink to="/transactions" className="inline-flex items-center gap-2">
          <History className="size-4" aria-hidden="true" />
          View History
        </TextLink>
      </CardContent>
    </Card>
  );
}
