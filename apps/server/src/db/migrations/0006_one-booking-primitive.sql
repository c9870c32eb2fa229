-- One booking primitive (decision 008). The source of ledger_claim, ledger_open_accounts,
-- ledger_book and ledger_guard is apps/server/src/ledger/book.sql; the block between the two
-- markers below is that file verbatim (ledger/book-source.test.ts fails when they differ).
-- >>> ledger/book.sql
-- The booking rule of Meridian, written once. Every movement of money is one call of ledger_book;
-- ledger/book.ts is its only caller. Migrations install this file verbatim (book-source.test.ts
-- checks the newest migration that defines ledger_book against it), so a change to the rule is a
-- change here plus a migration that copies it, never a second version of the rule.
--
-- The guard: accounts, journals and entries refuse any write unless the transaction-local flag
-- meridian.booking is 'on', and only these functions set it (and clear it before they return).

-- Claims an Idempotency-Key for one user before any money moves. A concurrent duplicate waits on
-- the key's row until the first transaction ends, then replays it (or claims it, if the first was
-- refused and rolled back: a refused request leaves its key free).
-- Answers {"outcome": "claimed"}, {"outcome": "replay", "response": <stored receipt>} or
-- {"outcome": "key_reused"} (the key belongs to a different request: a 409).
CREATE OR REPLACE FUNCTION ledger_claim(p_user text, p_key text, p_request_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claimed text;
  v_hash text;
  v_response jsonb;
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (p_user, p_key, p_request_hash)
    ON CONFLICT DO NOTHING RETURNING key INTO v_claimed;
  IF v_claimed IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'claimed');
  END IF;
  SELECT k.request_hash, k.response INTO v_hash, v_response
    FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
  IF v_hash IS DISTINCT FROM p_request_hash THEN
    RETURN jsonb_build_object('outcome', 'key_reused');
  END IF;
  RETURN jsonb_build_object('outcome', 'replay', 'response', COALESCE(v_response, '{}'::jsonb));
END;
$$;
--> statement-breakpoint
-- Opens a user's accounts of these kinds (registration opens all of them); safe to call again.
CREATE OR REPLACE FUNCTION ledger_open_accounts(p_user text, p_kinds text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('meridian.booking', 'on', true);
  INSERT INTO accounts (user_id, kind) SELECT p_user, k FROM unnest(p_kinds) AS k ON CONFLICT DO NOTHING;
  PERFORM set_config('meridian.booking', 'off', true);
END;
$$;
--> statement-breakpoint
-- Books one journal. p_booking:
--   kind, userId            the journal
--   idempotency             optional {userId, key, requestHash}: claimed first; a replay or a reused
--                           key answers without moving anything
--   refusal                 optional reason, decided by the caller's statement (a recipient it could
--                           not find, say): answered as {"outcome": "refused"} after the key check,
--                           with nothing claimed and nothing moved
--   postings                [{account | user+kind | system, amountCents}], signed cents; zero
--                           amounts are left out (a fee that rounds to nothing); the rest sum to zero
--   history                 the user-facing rows: {userId, type, mode, method, description,
--                           amountCents, feeCents, status, wallet}, each linked to the journal
--   notify                  optional {channel, userIds, topics}: one NOTIFY, sent at commit
-- Answers {"outcome": "booked", "journalId", "history": [rows]}, {"outcome": "replay", "response",
-- "history": [rows of the first booking]}, {"outcome": "key_reused"} or {"outcome": "refused", "reason"}.
-- A debit its account cannot cover raises SQLSTATE ML001 with DETAIL {"accountId": n} and rolls
-- everything back, the key included. A malformed booking (a programming error) raises 22023.
CREATE OR REPLACE FUNCTION ledger_book(p_booking jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_idem jsonb := p_booking -> 'idempotency';
  v_claim jsonb;
  v_ids bigint[] := '{}';
  v_amounts bigint[] := '{}';
  v_system boolean[] := '{}';
  v_posting jsonb;
  v_account bigint;
  v_is_system boolean;
  v_amount bigint;
  v_sum bigint := 0;
  v_journal bigint;
  v_history jsonb;
  v_txn_ids text[];
  r record;
BEGIN
  IF jsonb_typeof(v_idem) = 'object' THEN
    IF p_booking ->> 'refusal' IS NULL THEN
      v_claim := ledger_claim(v_idem ->> 'userId', v_idem ->> 'key', v_idem ->> 'requestHash');
    ELSE
      -- Nothing will be booked: look at the key without claiming it.
      SELECT CASE WHEN k.request_hash IS DISTINCT FROM v_idem ->> 'requestHash'
               THEN jsonb_build_object('outcome', 'key_reused')
               ELSE jsonb_build_object('outcome', 'replay', 'response', COALESCE(k.response, '{}'::jsonb)) END
        INTO v_claim
        FROM idempotency_keys k WHERE k.user_id = v_idem ->> 'userId' AND k.key = v_idem ->> 'key';
    END IF;
    IF v_claim ->> 'outcome' = 'replay' THEN
      SELECT COALESCE(jsonb_agg(to_jsonb(t) ORDER BY x.n), '[]'::jsonb) INTO v_history
        FROM jsonb_array_elements_text(COALESCE(v_claim -> 'response' -> 'transactionIds', '[]'::jsonb))
          WITH ORDINALITY AS x(id, n)
        JOIN transactions t ON t.id = x.id;
      RETURN v_claim || jsonb_build_object('history', v_history);
    ELSIF v_claim ->> 'outcome' = 'key_reused' THEN
      RETURN v_claim;
    END IF;
  END IF;
  IF p_booking ->> 'refusal' IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', p_booking ->> 'refusal');
  END IF;

  PERFORM set_config('meridian.booking', 'on', true);

  -- Resolve every posting to its account; a user's missing account is opened on the way.
  FOR v_posting IN SELECT * FROM jsonb_array_elements(p_booking -> 'postings') LOOP
    v_amount := (v_posting ->> 'amountCents')::bigint;
    IF v_amount IS NULL OR (v_posting ->> 'amountCents')::numeric <> v_amount THEN
      RAISE EXCEPTION 'posting amount must be an integer of cents' USING ERRCODE = '22023';
    END IF;
    CONTINUE WHEN v_amount = 0;
    IF v_posting ? 'account' THEN
      SELECT a.id, a.user_id IS NULL INTO v_account, v_is_system FROM accounts a
        WHERE a.id = (v_posting ->> 'account')::bigint;
    ELSIF v_posting ? 'system' THEN
      SELECT a.id, true INTO v_account, v_is_system FROM accounts a
        WHERE a.user_id IS NULL AND a.kind = v_posting ->> 'system';
    ELSE
      SELECT a.id, false INTO v_account, v_is_system FROM accounts a
        WHERE a.user_id = v_posting ->> 'user' AND a.kind = v_posting ->> 'kind';
      IF v_account IS NULL AND v_posting ->> 'user' IS NOT NULL THEN
        INSERT INTO accounts (user_id, kind) VALUES (v_posting ->> 'user', v_posting ->> 'kind')
          ON CONFLICT DO NOTHING;
        SELECT a.id, false INTO v_account, v_is_system FROM accounts a
          WHERE a.user_id = v_posting ->> 'user' AND a.kind = v_posting ->> 'kind';
      END IF;
    END IF;
    IF v_account IS NULL THEN
      RAISE EXCEPTION 'posting names no account: %', v_posting USING ERRCODE = '22023';
    END IF;
    v_ids := v_ids || v_account;
    v_amounts := v_amounts || v_amount;
    v_system := v_system || v_is_system;
    v_sum := v_sum + v_amount;
  END LOOP;
  IF v_sum <> 0 OR cardinality(v_ids) < 2 THEN
    RAISE EXCEPTION 'a journal needs two or more entries summing to zero (sum %)', v_sum USING ERRCODE = '22023';
  END IF;

  -- User accounts in ascending id order, so two bookings over the same accounts cannot deadlock;
  -- a debit is conditional on the balance covering it. System accounts are never updated (one hot
  -- row would serialise every booking): their balance is the sum of their entries.
  FOR r IN SELECT u.id, u.amount FROM unnest(v_ids, v_amounts, v_system) AS u(id, amount, sys)
      WHERE NOT u.sys ORDER BY u.id LOOP
    IF r.amount < 0 THEN
      UPDATE accounts SET balance_cents = balance_cents + r.amount WHERE id = r.id AND balance_cents >= -r.amount;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'ML001',
          DETAIL = jsonb_build_object('accountId', r.id)::text;
      END IF;
    ELSE
      UPDATE accounts SET balance_cents = balance_cents + r.amount WHERE id = r.id;
    END IF;
  END LOOP;

  INSERT INTO journals (kind, user_id, idempotency_key)
    VALUES (p_booking ->> 'kind', p_booking ->> 'userId', v_idem ->> 'key')
    RETURNING id INTO v_journal;
  INSERT INTO entries (journal_id, account_id, amount_cents)
    SELECT v_journal, u.id, u.amount FROM unnest(v_ids, v_amounts) AS u(id, amount);

  PERFORM set_config('meridian.booking', 'off', true);

  -- Ids are drawn first so the answer lists the rows in the order they were given.
  WITH src AS (
    SELECT gen_random_uuid()::text AS id, x.h, x.n
      FROM jsonb_array_elements(COALESCE(p_booking -> 'history', '[]'::jsonb)) WITH ORDINALITY AS x(h, n)
  ), ins AS (
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status,
        wallet, journal_id)
      SELECT src.id, h ->> 'userId', h ->> 'type', h ->> 'mode', h ->> 'method', h ->> 'description',
          (h ->> 'amountCents')::bigint, COALESCE((h ->> 'feeCents')::bigint, 0), h ->> 'status', h ->> 'wallet',
          v_journal
        FROM src
      RETURNING *
  )
  SELECT COALESCE(jsonb_agg(to_jsonb(ins) ORDER BY src.n), '[]'::jsonb), COALESCE(array_agg(ins.id ORDER BY src.n), '{}')
    INTO v_history, v_txn_ids
    FROM ins JOIN src ON src.id = ins.id;

  IF jsonb_typeof(v_idem) = 'object' THEN
    UPDATE idempotency_keys SET response = jsonb_build_object('journalId', v_journal, 'transactionIds', to_jsonb(v_txn_ids))
      WHERE user_id = v_idem ->> 'userId' AND key = v_idem ->> 'key';
  END IF;

  -- Delivered when this transaction commits, never if it rolls back.
  IF jsonb_array_length(COALESCE(p_booking -> 'notify' -> 'userIds', '[]'::jsonb)) > 0 THEN
    PERFORM pg_notify(p_booking -> 'notify' ->> 'channel', jsonb_build_object(
      'userIds', (SELECT jsonb_agg(DISTINCT u) FROM jsonb_array_elements_text(p_booking -> 'notify' -> 'userIds') AS u),
      'topics', p_booking -> 'notify' -> 'topics')::text);
  END IF;

  RETURN jsonb_build_object('outcome', 'booked', 'journalId', v_journal, 'history', v_history);
END;
$$;
--> statement-breakpoint
-- Refuses a write to the money tables that ledger_book (or ledger_open_accounts) did not make.
CREATE OR REPLACE FUNCTION ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('meridian.booking', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION '% is written by ledger_book only', TG_TABLE_NAME USING ERRCODE = 'ML002';
  END IF;
  RETURN NULL;
END;
$$;
-- <<< ledger/book.sql
--> statement-breakpoint
-- ledger_book replaces the transfer's own procedure: one rule, not two.
DROP FUNCTION IF EXISTS ledger_transfer(text, text, text, text, text, bigint, bigint, text, text, text, jsonb);
--> statement-breakpoint
-- One format for every stored idempotency answer: {"journalId", "transactionIds", "answer"?}.
-- The transfer stored {"transactionId"}; the other money POSTs stored their answer as it was.
UPDATE idempotency_keys SET response = CASE
    WHEN response ? 'transactionId' THEN jsonb_build_object('transactionIds', jsonb_build_array(response ->> 'transactionId'))
    ELSE jsonb_build_object('answer', response) END
  WHERE response IS NOT NULL;
--> statement-breakpoint
-- Only the ledger writes the money tables: any other write is refused (ledger_guard).
CREATE TRIGGER accounts_booked_by_ledger BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard();
--> statement-breakpoint
CREATE TRIGGER journals_booked_by_ledger BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON journals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard();
--> statement-breakpoint
CREATE TRIGGER entries_booked_by_ledger BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard();
