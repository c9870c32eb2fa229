ALTER TABLE "transactions" ADD COLUMN "wallet" text;--> statement-breakpoint
-- Which of the user's wallets each history row moved money in or out of. Every row written before
-- this column existed can be told from its mode: a referral bonus went to the referral_bonus wallet,
-- everything else (deposits, withdrawals, transfers, investments, profit claims, capital returns,
-- adjustments) moved the balance.
UPDATE "transactions" SET "wallet" = CASE WHEN "mode" = 'referral' THEN 'referral_bonus' ELSE 'balance' END
  WHERE "wallet" IS NULL;--> statement-breakpoint
-- ledger_transfer (0004), same signature and result, with two changes: only an active account
-- holder (role 'user', activated by an operator) can receive a transfer, so an unvetted or operator
-- account answers 'recipient_not_found' like an unknown address; and both history rows record
-- the wallet they moved (the balance).
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_sender text,
  p_sender_name text,
  p_key text,
  p_request_hash text,
  p_recipient_email text,
  p_amount_cents bigint,
  p_fee_cents bigint,
  p_debit_prefix text,
  p_credit_prefix text,
  p_channel text,
  p_topics jsonb
)
RETURNS TABLE (
  o_outcome text,
  o_id text,
  o_type text,
  o_mode text,
  o_method text,
  o_description text,
  o_amount_cents bigint,
  o_fee_cents bigint,
  o_status text,
  o_created_at timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  v_recipient text;
  v_recipient_name text;
  v_txn text := gen_random_uuid()::text;
  v_claimed text;
  v_first_hash text;
  v_first_txn text;
  v_from bigint;
  v_to bigint;
  v_fee_account bigint;
  v_total bigint := p_amount_cents + p_fee_cents;
  v_journal bigint;
BEGIN
  IF p_amount_cents <= 0 OR p_fee_cents < 0 THEN
    RAISE EXCEPTION 'transfer amounts must be positive' USING ERRCODE = '22023';
  END IF;

  SELECT u.id, u.name INTO v_recipient, v_recipient_name
    FROM users u WHERE lower(u.email) = lower(btrim(p_recipient_email))
      AND u.role = 'user' AND u.is_active;

  IF v_recipient IS NOT NULL AND v_recipient <> p_sender THEN
    -- Claim the key before touching money: a concurrent duplicate waits here, then replays.
    INSERT INTO idempotency_keys (user_id, key, request_hash, response)
      VALUES (p_sender, p_key, p_request_hash, jsonb_build_object('transactionId', v_txn))
      ON CONFLICT DO NOTHING
      RETURNING key INTO v_claimed;
  END IF;

  IF v_claimed IS NULL THEN
    -- Not booked now: a replay, a reused key, or a request that cannot be booked.
    SELECT k.request_hash, k.response ->> 'transactionId' INTO v_first_hash, v_first_txn
      FROM idempotency_keys k WHERE k.user_id = p_sender AND k.key = p_key;
    IF v_first_hash IS NOT NULL AND v_first_hash <> p_request_hash THEN
      RETURN QUERY SELECT 'key_reused', NULL::text, NULL::text, NULL::text, NULL::text, NULL::text,
        NULL::bigint, NULL::bigint, NULL::text, NULL::timestamptz;
    ELSIF v_first_hash IS NOT NULL THEN
      RETURN QUERY SELECT 'replay', t.id, t.type, t.mode, t.method, t.description, t.amount_cents,
        t.fee_cents, t.status, t.created_at FROM transactions t WHERE t.id = v_first_txn;
    ELSE
      RETURN QUERY SELECT CASE WHEN v_recipient IS NULL THEN 'recipient_not_found' ELSE 'self_transfer' END,
        NULL::text, NULL::text, NULL::text, NULL::text, NULL::text,
        NULL::bigint, NULL::bigint, NULL::text, NULL::timestamptz;
    END IF;
    RETURN;
  END IF;

  SELECT max(a.id) FILTER (WHERE a.user_id = p_sender), max(a.id) FILTER (WHERE a.user_id = v_recipient)
    INTO v_from, v_to
    FROM accounts a WHERE a.kind = 'balance' AND a.user_id IN (p_sender, v_recipient);
  IF v_from IS NULL OR v_to IS NULL THEN
    -- Accounts open at registration; a user from before that rule gets them now.
    INSERT INTO accounts (user_id, kind) VALUES (p_sender, 'balance'), (v_recipient, 'balance')
      ON CONFLICT DO NOTHING;
    SELECT max(a.id) FILTER (WHERE a.user_id = p_sender), max(a.id) FILTER (WHERE a.user_id = v_recipient)
      INTO v_from, v_to
      FROM accounts a WHERE a.kind = 'balance' AND a.user_id IN (p_sender, v_recipient);
  END IF;
  SELECT a.id INTO v_fee_account FROM accounts a WHERE a.user_id IS NULL AND a.kind = 'fee_revenue';

  -- User rows are locked in ascending id order, as ledger/post.ts does, so transfers between the
  -- same pair in opposite directions cannot deadlock. The debit is conditional on the balance.
  IF v_from < v_to THEN
    UPDATE accounts SET balance_cents = balance_cents - v_total WHERE id = v_from AND balance_cents >= v_total;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % has insufficient funds', v_from USING ERRCODE = 'ML001';
    END IF;
    UPDATE accounts SET balance_cents = balance_cents + p_amount_cents WHERE id = v_to;
  ELSE
    UPDATE accounts SET balance_cents = balance_cents + p_amount_cents WHERE id = v_to;
    UPDATE accounts SET balance_cents = balance_cents - v_total WHERE id = v_from AND balance_cents >= v_total;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % has insufficient funds', v_from USING ERRCODE = 'ML001';
    END IF;
  END IF;

  -- The fee revenue account is a system account: it gets an entry, never an UPDATE.
  INSERT INTO journals (kind, user_id, idempotency_key) VALUES ('transfer', p_sender, p_key)
    RETURNING id INTO v_journal;
  INSERT INTO entries (journal_id, account_id, amount_cents)
    SELECT v_journal, e.account_id, e.amount_cents
      FROM (VALUES (v_from, -v_total), (v_to, p_amount_cents), (v_fee_account, p_fee_cents)) AS e(account_id, amount_cents)
      WHERE e.amount_cents <> 0;

  INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status, wallet, journal_id)
    VALUES
      (v_txn, p_sender, 'debit', 'transfer', 'transfer', p_debit_prefix || v_recipient_name,
        p_amount_cents, p_fee_cents, 'success', 'balance', v_journal),
      (gen_random_uuid()::text, v_recipient, 'credit', 'transfer', 'transfer', p_credit_prefix || p_sender_name,
        p_amount_cents, 0, 'success', 'balance', v_journal);

  -- Delivered when this transaction commits, never if it rolls back.
  PERFORM pg_notify(p_channel, jsonb_build_object('userIds', jsonb_build_array(p_sender, v_recipient), 'topics', p_topics)::text);

  RETURN QUERY SELECT 'ok', v_txn, 'debit', 'transfer', 'transfer', p_debit_prefix || v_recipient_name,
    p_amount_cents, p_fee_cents, 'success', now();
END;
$$;
