-- Large histories (issue 12; measured by `npm run bench -- history`). The member's investments list reads
-- what a claim has not archived, in its own order, instead of every investment the member ever made; a
-- history category (the screen's filters) has its own index per member, so a category that is rare in a
-- long history no longer reads the rows between two of its own. Plain CREATE INDEX: drizzle runs a
-- migration in a transaction, where CONCURRENTLY is refused, so history rows wait while they are built
-- (about 30 s over 10,000,000 history rows on 2 shared cores; 1.4 GB together, as one index of the
-- member's rows would be, since each row is in at most one of them).
CREATE INDEX "investments_user_listed_idx" ON "investments" USING btree ("user_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT "investments"."archived";--> statement-breakpoint
CREATE INDEX "transactions_user_deposit_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mode IN ('deposit');--> statement-breakpoint
CREATE INDEX "transactions_user_withdrawal_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mode IN ('withdrawal');--> statement-breakpoint
CREATE INDEX "transactions_user_transfer_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mode IN ('transfer');--> statement-breakpoint
CREATE INDEX "transactions_user_investment_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mode IN ('investment', 'capital');--> statement-breakpoint
CREATE INDEX "transactions_user_earnings_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE mode IN ('profit', 'referral', 'bonus');