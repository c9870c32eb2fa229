import { formatBps, formatCents, transferFeeCents } from '@meridian/shared';
import { DescriptionList, DescriptionRow } from '../../../components/ui/description-list';

export interface TransferFigures {
  amountCents: number;
  feeBps: number;
  feeCents: number;
  totalCents: number;
}

/**
 * The fee the server will charge, for display: the operator's fee setting, rounded half up to the
 * cent (shared helper). The transfer sends the fee it showed, so a fee changed since is refused.
 */
export function transferFigures(amountCents: number, feeBps: number): TransferFigures {
  const feeCents = transferFeeCents(amountCents, feeBps);
  return { amountCents, feeBps, feeCents, totalCents: amountCents + feeCents };
}

/** Amount, fee and total as a description list. */
export function TransferSummary({ figures, className }: { figures: TransferFigures; className?: string }) {
  return (
    <DescriptionList className={className}>
      <DescriptionRow term="Amount">{formatCents(figures.amountCents)}</DescriptionRow>
      <DescriptionRow term={`Fee (${formatBps(figures.feeBps)})`}>{formatCents(figures.feeCents)}</DescriptionRow>
      <DescriptionRow term="Total" emphasis>
        {formatCents(figures.totalCents)}
      </DescriptionRow>
    </DescriptionList>
  );
}
