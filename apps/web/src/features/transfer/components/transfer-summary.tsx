import { formatBps, formatCents, TRANSFER_FEE_BPS, transferFeeCents } from '@meridian/shared';
import { DescriptionList, DescriptionRow } from '../../../components/ui/description-list';

export interface TransferFigures {
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

/** The fee the server will charge, for display: 2% rounded half up to the cent (shared helper). */
export function transferFigures(amountCents: number): TransferFigures {
  const feeCents = transferFeeCents(amountCents, TRANSFER_FEE_BPS);
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

export const feeLabel = `Fee (${formatBps(TRANSFER_FEE_BPS)})`;

/** Amount, fee and total as a description list. */
export function TransferSummary({ figures, className }: { figures: TransferFigures; className?: string }) {
  return (
    <DescriptionList className={className}>
      <DescriptionRow term="Amount">{formatCents(figures.amountCents)}</DescriptionRow>
      <DescriptionRow term={feeLabel}>{formatCents(figures.feeCents)}</DescriptionRow>
      <DescriptionRow term="Total" emphasis>
        {formatCents(figures.totalCents)}
      </DescriptionRow>
    </DescriptionList>
  );
}
