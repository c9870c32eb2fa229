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
-- p_response, when given, is stored with the claim (ledger_book stores its whole answer this way,
-- in the claim's one write). Answers {"outcome": "claimed"}, {"outcome": "replay", "response": <stored
-- receipt>} or {"outcome": "key_reused"} (the key belongs to a different request: a 409).
-- With p_claim false it only looks (a request that will book nothing): replay, key_reused, or NULL
-- when the key is free.
CREATE OR REPLACE FUNCTION ledger_claim(p_user text, p_key text, p_request_hash text, p_response jsonb DEFAULT NULL,
    p_claim boolean DEFAULT true)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claimed text;
  v_hash text;
  v_response jsonb;
BEGIN
  IF p_claim THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, response) VALUES (p_user, p_key, p_request_hash, p_response)
      ON CONFLICT DO NOTHING RETURNING key INTO v_claimed;
    IF v_claimed IS NOT NULL THEN
      RETURN '{"outcome": "claimed"}'::jsonb;
    END IF;
  END IF;
  SELECT k.request_hash, k.response INTO v_hash, v_response
    FROM idempotency_keys k WHERE k.user_id = p_user AND k.key = p_key;
  IF NOT FOUND AND NOT p_claim THEN
    RETURN NULL;
  END IF;
  IF v_hash IS DISTINCT FROM p_request_hash THEN
    RETURN '{"outcome": "key_reused"}'::jsonb;
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
--   at                      the history rows' time, from the app's clock (lib/clock.ts: a test clock
--                           moves it as it moves the investments); absent, this transaction's now()
--   idempotency             optional {userId, key, requestHash}: claimed first; a replay or a reused
--                           key answers without moving anything
--   refusal                 optional reason, decided by the caller's statement (a recipient it could
--                           not find, say): answered as {"outcome": "refused"} after the key check,
--                           with nothing claimed and nothing moved
--   postings                [{user, kind, amountCents} | {system, amountCents}], signed whole cents;
--                           zero amounts are left out (a fee that rounds to nothing); the rest sum to zero
--   history                 the user-facing rows: {userId, type, mode, method, description,
--                           amountCents, feeCents, status, wallet}, each linked to the journal
--   transactionIds          the history rows' ids (uuids the caller drew), in the order of history
--   notify                  optional {channel, userIds, topics}: one NOTIFY of {userIds, topics}, sent
--                           at commit (userIds distinct)
-- Answers {"outcome": "booked", "journalId", "createdAt"},
-- {"outcome": "replay", "response", "history": [rows of the first booking, each with id and createdAt]},
-- {"outcome": "key_reused"} or {"outcome": "refused", "reason"}.
-- A debit its account cannot cover raises SQLSTATE ML001 with DETAIL {"accountId": n} and rolls
-- everything back, the key included. A malformed booking (a programming error) raises 22023.
--
-- Speed (decision 003's one round trip, and every instruction counted: npm run bench:instructions):
-- a handful of statements, each doing many rows' work, rather than a statement per posting: the key
-- claimed with the whole answer (no second write of the key), one statement that checks and sorts
-- the postings, one UPDATE per user account, and one that writes the journal, its entries and the
-- history rows; the answer carries only what the caller cannot know (the journal's id and the time),
-- nothing is read back. The history rows' ids come with the booking, so none are drawn here.
CREATE OR REPLACE FUNCTION ledger_book(p_booking jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_idem jsonb := p_booking -> 'idempotency';
  v_claim jsonb;
  v_claimed boolean;
  v_journal bigint;
  v_count int;
  v_sum numeric;
  v_bad boolean;
  -- User postings in lock order (user, kind), then system postings with their accounts.
  v_users text[];
  v_kinds text[];
  v_amounts bigint[];
  v_ids bigint[] := '{}';
  v_system_ids bigint[];
  v_system_amounts bigint[];
  v_id bigint;
  v_history jsonb;
  v_void text;
  v_rows int;
  -- The history rows' time: the app's clock (lib/clock.ts), so a test clock moves them as it moves
  -- investments; without one, this transaction's now().
  v_at timestamptz := COALESCE((p_booking ->> 'at')::timestamptz, now());
BEGIN
  IF p_booking ->> 'refusal' IS NOT NULL THEN
    -- Nothing will be booked: look at the key without claiming it.
    IF jsonb_typeof(v_idem) = 'object' THEN
      v_claim := ledger_claim(v_idem ->> 'userId', v_idem ->> 'key', v_idem ->> 'requestHash', NULL, false);
    END IF;
    IF v_claim IS NULL THEN
      RETURN jsonb_build_object('outcome', 'refused', 'reason', p_booking ->> 'refusal');
    END IF;
  ELSE
    -- The journal's id, then the key claimed with the whole answer in the claim's one write, then
    -- one statement that checks the postings, finds the system accounts and sorts the user postings
    -- into lock order (a malformed booking raises below and takes the claim back with it).
    v_journal := nextval('journals_id_seq');
    IF jsonb_typeof(v_idem) = 'object' THEN
      INSERT INTO idempotency_keys (user_id, key, request_hash, response)
        VALUES (v_idem ->> 'userId', v_idem ->> 'key', v_idem ->> 'requestHash',
          jsonb_build_object('journalId', v_journal, 'transactionIds', p_booking -> 'transactionIds'))
        ON CONFLICT DO NOTHING;
      v_claimed := FOUND;
    END IF;
    -- Sorted once into lock order (user, kind); the aggregates keep the order they are fed. A system
    -- account is probed through its index only for a system posting.
    SELECT count(*), COALESCE(sum(p.amount), 0),
        COALESCE(bool_or(p.amount IS NULL OR p.amount <> trunc(p.amount)
          OR (p.system IS NULL AND (p."user" IS NULL OR p.kind IS NULL))
          OR (p.system IS NOT NULL AND p.system_id IS NULL)), false)
          OR jsonb_array_length(COALESCE(p_booking -> 'history', '[]'::jsonb))
            IS DISTINCT FROM jsonb_array_length(COALESCE(p_booking -> 'transactionIds', '[]'::jsonb)),
        array_agg(p."user") FILTER (WHERE p.system IS NULL),
        array_agg(p.kind) FILTER (WHERE p.system IS NULL),
        array_agg(p.amount::bigint) FILTER (WHERE p.system IS NULL),
        array_agg(p.system_id) FILTER (WHERE p.system IS NOT NULL),
        array_agg(p.amount::bigint) FILTER (WHERE p.system IS NOT NULL)
      INTO v_count, v_sum, v_bad, v_users, v_kinds, v_amounts, v_system_ids, v_system_amounts
      FROM (SELECT q.system, q."user", q.kind, q."amountCents" AS amount,
              CASE WHEN q.system IS NOT NULL THEN
                (SELECT a.id FROM accounts a WHERE a.user_id IS NULL AND a.kind = q.system) END AS system_id
            FROM jsonb_to_recordset(COALESCE(p_booking -> 'postings', '[]'::jsonb))
              AS q(system text, "user" text, kind text, "amountCents" numeric)
            WHERE q."amountCents" IS DISTINCT FROM 0
            ORDER BY q."user", q.kind) p;
    IF v_bad OR v_sum <> 0 OR v_count < 2 THEN
      RAISE EXCEPTION 'a journal needs two or more postings of whole cents, each naming an account that exists, summing to zero, and an id for each history row: %',
        p_booking -> 'postings' USING ERRCODE = '22023';
    END IF;
    IF NOT v_claimed THEN
      -- Taken: ledger_claim (which waited for the first booking to end) says replay or reused key.
      v_claim := ledger_claim(v_idem ->> 'userId', v_idem ->> 'key', v_idem ->> 'requestHash');
    END IF;
  END IF;
  IF v_claim IS NOT NULL THEN
    IF v_claim ->> 'outcome' = 'replay' THEN
      -- The first booking's history rows, in the shape a booking answers with.
      SELECT COALESCE(jsonb_agg(jsonb_build_object('id', t.id, 'userId', t.user_id, 'type', t.type, 'mode', t.mode,
            'method', t.method, 'description', t.description, 'amountCents', t.amount_cents, 'feeCents', t.fee_cents,
            'status', t.status, 'wallet', t.wallet, 'createdAt', t.created_at) ORDER BY x.n), '[]'::jsonb)
        INTO v_history
        FROM jsonb_array_elements_text(COALESCE(v_claim -> 'response' -> 'transactionIds', '[]'::jsonb))
          WITH ORDINALITY AS x(id, n)
        JOIN transactions t ON t.id = x.id;
      RETURN v_claim || jsonb_build_object('history', v_history);
    END IF;
    RETURN v_claim;
  END IF;

  v_void := set_config('meridian.booking', 'on', true);

  -- User accounts in (user, kind) order, so two bookings over the same accounts cannot deadlock;
  -- a debit is conditional on the balance covering it. A user's missing account is opened by its
  -- first credit. System accounts are never updated (one hot row would serialise every booking):
  -- their balance is the sum of their entries.
  FOR i IN 1..COALESCE(cardinality(v_users), 0) LOOP
    IF v_amounts[i] < 0 THEN
      UPDATE accounts SET balance_cents = balance_cents + v_amounts[i]
        WHERE user_id = v_users[i] AND kind = v_kinds[i] AND balance_cents >= -v_amounts[i]
        RETURNING id INTO v_id;
      IF NOT FOUND THEN
        SELECT a.id INTO v_id FROM accounts a WHERE a.user_id = v_users[i] AND a.kind = v_kinds[i];
        RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'ML001',
          DETAIL = jsonb_build_object('accountId', v_id)::text;
      END IF;
    ELSE
      UPDATE accounts SET balance_cents = balance_cents + v_amounts[i]
        WHERE user_id = v_users[i] AND kind = v_kinds[i]
        RETURNING id INTO v_id;
      IF NOT FOUND THEN
        INSERT INTO accounts (user_id, kind, balance_cents) VALUES (v_users[i], v_kinds[i], v_amounts[i])
          ON CONFLICT (user_id, kind) DO UPDATE SET balance_cents = accounts.balance_cents + EXCLUDED.balance_cents
          RETURNING id INTO v_id;
      END IF;
    END IF;
    v_ids := v_ids || v_id;
  END LOOP;

  -- The journal, its entries and the history rows in one statement.
  WITH journal AS (
    INSERT INTO journals (id, kind, user_id, idempotency_key)
      VALUES (v_journal, p_booking ->> 'kind', p_booking ->> 'userId', v_idem ->> 'key')
  ), booked_entries AS (
    INSERT INTO entries (journal_id, account_id, amount_cents)
      SELECT v_journal, u.id, u.amount
        FROM unnest(v_ids || COALESCE(v_system_ids, '{}'), COALESCE(v_amounts, '{}') || COALESCE(v_system_amounts, '{}'))
          AS u(id, amount)
  )
  INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status,
      wallet, journal_id, created_at)
    SELECT p_booking -> 'transactionIds' ->> (h.n - 1)::int, h."userId", h.type, h.mode, h.method, h.description, h."amountCents",
        COALESCE(h."feeCents", 0), h.status, h.wallet, v_journal, v_at
      FROM ROWS FROM (jsonb_to_recordset(p_booking -> 'history') AS ("userId" text, type text, mode text,
        method text, description text, "amountCents" bigint, "feeCents" bigint, status text, wallet text))
        WITH ORDINALITY AS h("userId", type, mode, method, description, "amountCents", "feeCents", status, wallet, n)
      WHERE (SELECT u.id FROM users u WHERE u.id = h."userId") IS NOT NULL;
  -- A history row's user must exist: a row naming no user is left out above and refused here.
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> jsonb_array_length(COALESCE(p_booking -> 'history', '[]'::jsonb)) THEN
    RAISE EXCEPTION 'a history row names a user that does not exist: %', p_booking -> 'history' USING ERRCODE = '22023';
  END IF;

  v_void := set_config('meridian.booking', 'off', true);

  -- Delivered when this transaction commits, never if it rolls back.
  IF jsonb_array_length(COALESCE(p_booking -> 'notify' -> 'userIds', '[]'::jsonb)) > 0 THEN
    v_void := pg_notify(p_booking -> 'notify' ->> 'channel', ((p_booking -> 'notify') - 'channel')::text)::text;
  END IF;

  -- The journal's id and the history rows' time: the caller has the rest, so nothing is read back or
  -- sent twice.
  RETURN jsonb_build_object('outcome', 'booked', 'journalId', v_journal, 'createdAt', v_at);
END;
$$;
--> statement-breakpoint
-- Refuses a write to the money tables that ledger_book (or ledger_open_accounts) did not make. Its
-- triggers carry the same test as a WHEN clause, so it runs only to refuse (a call per statement
-- would cost every booking a function call per statement). Entries are inserted under
-- ledger_entries_checked's watch instead, which runs for every insert anyway.
CREATE OR REPLACE FUNCTION ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('meridian.booking', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION '% is written by ledger_book only', TG_TABLE_NAME USING ERRCODE = 'ML002';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Checks every statement that inserts entries, once per statement (the rows it added are the
-- transition table `added`): the flag is on (only the ledger's functions insert entries), what the
-- statement adds to each journal sums to zero, and each entry names a journal and an account that
-- exist. That is every journal summing to zero: entries are append-only (never updated, deleted or
-- truncated), so a journal's total is the sum of what each statement added to it, each zero, and
-- nothing needs reading back from entries (decision 018). Journals and accounts are never deleted or
-- renumbered either, so what exists when its entry is written exists for good: this check stands in
-- for a foreign key per entry, which would run a query and lock a row for every entry of every
-- booking. Each journal, and each account however many entries name it (a system account is named
-- by every journal of a batch), is probed once through its primary key.
CREATE OR REPLACE FUNCTION ledger_entries_checked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_journal bigint;
  v_total numeric;
  v_account bigint;
BEGIN
  IF current_setting('meridian.booking', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'entries is written by ledger_book only' USING ERRCODE = 'ML002';
  END IF;
  SELECT a.journal_id, a.total INTO v_journal, v_total
    FROM (SELECT x.journal_id, sum(x.amount_cents) AS total FROM added x GROUP BY x.journal_id) a
   WHERE a.total <> 0 OR (SELECT j.id FROM journals j WHERE j.id = a.journal_id) IS NULL
   LIMIT 1;
  IF NOT FOUND THEN
    SELECT d.account_id INTO v_account
      FROM (SELECT DISTINCT x.account_id FROM added x) d
     WHERE (SELECT ac.id FROM accounts ac WHERE ac.id = d.account_id) IS NULL
     LIMIT 1;
    IF FOUND THEN
      SELECT x.journal_id, 0 INTO v_journal, v_total FROM added x WHERE x.account_id = v_account LIMIT 1;
    END IF;
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'journal % does not sum to zero (%), or an entry of it names no journal or account that exists',
      v_journal, v_total USING ERRCODE = 'ML003';
  END IF;
  RETURN NULL;
END;
$$;
