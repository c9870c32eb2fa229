-- History rows take the app's clock, and a transfer's recipient is told (issue 23). ledger_book reads
-- the rows' time from its booking ("at"), ledger_book_rows and ledger_book_batch from p_at, and
-- ledger_transfer_batch from p_at too: the app's clock (lib/clock.ts), so a test clock moves the
-- history as it moves the investments (before, every history row carried the database's now()). Each
-- booked transfer now queues its recipient's e-mail in the outbox, in the same statement and
-- transaction. The functions whose parameters changed go first; the blocks between the markers are
-- apps/server/src/ledger/book.sql, book-batch.sql and transfer-batch.sql verbatim (book-source.test.ts).
-- The outbox now takes a row per transfer: its trigram index on the recipient (the console's mailbox
-- search) gathers new entries in GIN's pending list, merged in bulk by (auto)vacuum, instead of
-- inserting some twenty trigrams one by one in each transfer's transaction, which was a third of a
-- transfer's database work (npm run bench:instructions -- --batch 16: 1,275k instructions a transfer
-- with the index as it was, 970k with this; 858k before transfers queued any e-mail).
ALTER INDEX "email_outbox_to_idx" SET (fastupdate = on);
--> statement-breakpoint
DROP FUNCTION ledger_transfer_batch(text[], text[], text[], text[], bigint[], bigint[], text[], text[], text[], text[],
  text, text, text, text[]);
--> statement-breakpoint
DROP FUNCTION ledger_book_batch(text[], text[], int[], text[], text[], text[], numeric[], int[], text[], text[], text[],
  text[], text[], text[], numeric[], numeric[], text[], text[], text, text[]);
--> statement-breakpoint
DROP FUNCTION ledger_book_rows(ledger_journal[], ledger_posting[], ledger_line[], text, text[]);
--> statement-breakpoint
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
-- <<< ledger/book.sql
--> statement-breakpoint
-- >>> ledger/book-batch.sql
-- The batch form of ledger_book (book.sql): many journals in one call, for work that books thousands
-- at once (the daily accrual) and for group-committed transfers (transfer-batch.sql, which settles
-- each transfer's key and balance first and books the covered ones here). Migrations install this
-- file verbatim, as they do book.sql (book-source.test.ts checks the newest migration that defines
-- ledger_book_rows against it). ledger/book-batch.ts and ledger_transfer_batch are its callers.
--
-- The rule is written once, in ledger_book_rows, over rows rather than JSON: the journals, their
-- postings and their history lines as arrays of the composite types ledger_journal, ledger_posting
-- and ledger_line (created by migration 0022, which states their fields). ledger_book_batch is its
-- door for callers outside the database (ledger/book-batch.ts), which send each field as an array of
-- a plain type; a caller in SQL builds the rows itself. Neither parses JSON (decision 017: parsing
-- and re-reading the documents was two fifths of a transfer's instructions; decision 018).

-- Books every journal of p_journals, in one call, inside the caller's transaction.
--   p_journals   (id, kind, user_id, idempotency_key): journal n is element n; its id is drawn here
--                when NULL (a caller that stores the id with its key first draws it from
--                journals_id_seq itself). No key is claimed here: a batch's caller keeps its own
--                exactly-once mark, as the accrual does with its accruals key and ledger_transfer_batch
--                with the Idempotency-Keys, in the same transaction; a key given is recorded on the
--                journal as ledger_book records it
--   p_postings   (booking, user_id, kind, system, amount_cents): `booking` is the journal's n; a user
--                account is (user_id, kind), a system account `system`; zero amounts are left out
--   p_lines      (booking, id, user_id, type, mode, method, description, amount_cents, fee_cents,
--                status, wallet): the history rows, each with the id its caller drew
--   p_channel, p_payloads   NOTIFY payloads (text, each under PostgreSQL's 8000 bytes), sent at commit
--   p_at         the history rows' created_at: the app's clock (lib/clock.ts), so a test clock moves them
--                as it moves investments; NULL, this transaction's now()
-- Answers the journals' ids, in order.
--
-- The same rule as ledger_book, set-wise: every journal has two or more postings that sum to zero,
-- system accounts get entries only (never an UPDATE: one hot row would serialise every booking), a
-- user's missing account is opened by a credit, a history row's user must exist. What differs is the
-- balance check: the postings of the whole batch are added up per account first, so each user
-- account is locked and updated once, in (user, kind) order — the order ledger_book and
-- lockedBalances lock in, so a batch and a concurrent transfer or claim cannot deadlock — and an
-- account must cover its net debit over the batch (SQLSTATE ML001, DETAIL {"accountId": n}, rolls
-- everything back). The journals of a batch are applied as one: a caller whose journals must each be
-- covered on their own (a transfer spending money another journal of the batch brings in) settles
-- them first, as ledger_transfer_batch does. A malformed batch (a programming error) raises 22023.
--
-- Its cost is counted in statements, not in journals: one reads and checks every posting and sorts
-- the accounts into lock order, one locks them, one updates them, one writes every journal, entry and
-- history row (the entries' trigger checks that statement's journals once), one sends the NOTIFYs.
CREATE OR REPLACE FUNCTION ledger_book_rows(p_journals ledger_journal[], p_postings ledger_posting[],
    p_lines ledger_line[], p_channel text DEFAULT NULL, p_payloads text[] DEFAULT NULL, p_at timestamptz DEFAULT NULL)
RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_journals), 0);
  v_bad boolean;
  v_rows int;
  -- The user accounts the batch moves, in lock order (user, kind), with their net change; their ids.
  v_users text[];
  v_kinds text[];
  v_nets bigint[];
  v_ids bigint[];
  -- Every posting: its journal (1-based), its user account's place in the lists above or its system
  -- account's id, and its amount.
  v_p_booking int[];
  v_p_slot int[];
  v_p_system bigint[];
  v_p_amount bigint[];
  v_journals bigint[];
  v_uncovered bigint;
  v_void text;
BEGIN
  IF v_count > 0 THEN
    -- Each user posting's place among the accounts in lock order comes from dense_rank() over
    -- (user, kind): no join of the postings with the accounts they name (planned as a nested loop over
    -- two CTEs, that join cost the accrual's 2,000-booking batches two thirds of their time).
    WITH q AS MATERIALIZED (
      SELECT p.booking AS n, p.system, p.user_id AS "user", p.kind, p.amount_cents AS amount,
          CASE WHEN p.system IS NULL
            THEN dense_rank() OVER (PARTITION BY p.system IS NULL ORDER BY p.user_id, p.kind)::int END AS slot
        FROM unnest(p_postings) AS p
       WHERE p.amount_cents IS DISTINCT FROM 0
    ), sys AS MATERIALIZED (
      SELECT a.id, a.kind FROM accounts a WHERE a.user_id IS NULL
    ), per_booking AS MATERIALIZED (
      SELECT q.n, count(*) AS c, sum(q.amount) AS s FROM q GROUP BY q.n
    )
    SELECT chk.bad, a.users, a.kinds, a.nets, p.bookings, p.slots, p.systems, p.amounts
      INTO v_bad, v_users, v_kinds, v_nets, v_p_booking, v_p_slot, v_p_system, v_p_amount
      FROM (SELECT EXISTS (
                SELECT FROM q LEFT JOIN sys ON sys.kind = q.system
                 WHERE q.amount IS NULL OR q.n IS NULL OR q.n NOT BETWEEN 1 AND v_count
                    OR (q.system IS NULL AND (q."user" IS NULL OR q.kind IS NULL))
                    OR (q.system IS NOT NULL AND sys.id IS NULL))
              OR (SELECT count(*) FROM per_booking) <> v_count
              OR EXISTS (SELECT FROM per_booking WHERE per_booking.c < 2 OR per_booking.s <> 0)
              OR EXISTS (
                SELECT FROM unnest(p_lines) AS l
                 WHERE l.booking IS NULL OR l.booking NOT BETWEEN 1 AND v_count OR l.id IS NULL) AS bad) chk,
           (SELECT array_agg(acc."user" ORDER BY acc.slot) AS users, array_agg(acc.kind ORDER BY acc.slot) AS kinds,
                array_agg(acc.net ORDER BY acc.slot) AS nets
              FROM (SELECT q.slot, min(q."user") AS "user", min(q.kind) AS kind, sum(q.amount)::bigint AS net
                      FROM q WHERE q.slot IS NOT NULL GROUP BY q.slot) acc) a,
           (SELECT array_agg(q.n) AS bookings, array_agg(q.slot) AS slots, array_agg(sys.id) AS systems,
                array_agg(q.amount) AS amounts
              FROM q LEFT JOIN sys ON sys.kind = q.system) p;
    IF v_bad THEN
      RAISE EXCEPTION 'a journal needs two or more postings that sum to zero, each naming an account that exists, and each history row a journal of the batch and an id'
        USING ERRCODE = '22023';
    END IF;

    v_void := set_config('meridian.booking', 'on', true);

    -- The user accounts, locked in (user, kind) order (LockRows runs above the sort). A missing one
    -- is opened when the batch credits it, then all are locked again (rare: registration opens them).
    FOR attempt IN 1..2 LOOP
      SELECT array_agg(l.id ORDER BY l.slot) INTO v_ids
        FROM (SELECT x.id, t.slot
                FROM unnest(v_users, v_kinds) WITH ORDINALITY AS t(u, k, slot)
                JOIN accounts x ON x.user_id = t.u AND x.kind = t.k
               ORDER BY t.slot
                 FOR UPDATE OF x) l;
      EXIT WHEN COALESCE(cardinality(v_ids), 0) = COALESCE(cardinality(v_users), 0) OR attempt = 2;
      INSERT INTO accounts (user_id, kind)
        SELECT t.u, t.k FROM unnest(v_users, v_kinds, v_nets) AS t(u, k, net)
         WHERE t.net >= 0 AND NOT EXISTS (SELECT FROM accounts x WHERE x.user_id = t.u AND x.kind = t.k)
        ON CONFLICT DO NOTHING;
    END LOOP;
    IF COALESCE(cardinality(v_ids), 0) <> COALESCE(cardinality(v_users), 0) THEN
      -- A net debit of an account that does not exist: nothing covers it.
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'ML001', DETAIL = '{"accountId": null}';
    END IF;

    -- Each account once, by its net over the batch; a net debit must be covered.
    UPDATE accounts a SET balance_cents = a.balance_cents + t.net
      FROM unnest(v_ids, v_nets) AS t(id, net)
     WHERE a.id = t.id AND t.net <> 0 AND a.balance_cents + t.net >= 0;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows <> (SELECT count(*) FROM unnest(v_nets) AS t(net) WHERE t.net <> 0) THEN
      SELECT a.id INTO v_uncovered
        FROM unnest(v_ids, v_nets) AS t(id, net) JOIN accounts a ON a.id = t.id
       WHERE t.net < 0 AND a.balance_cents + t.net < 0
       LIMIT 1;
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'ML001',
        DETAIL = jsonb_build_object('accountId', v_uncovered)::text;
    END IF;

    -- Every journal, its entries and the history rows in one statement.
    v_journals := ARRAY(SELECT COALESCE(j.id, nextval('journals_id_seq'))
                          FROM unnest(p_journals) WITH ORDINALITY AS j(id, kind, user_id, idempotency_key, n)
                         ORDER BY j.n);
    WITH journal AS (
      INSERT INTO journals (id, kind, user_id, idempotency_key)
        SELECT v_journals[j.n], j.kind, j.user_id, j.idempotency_key
          FROM unnest(p_journals) WITH ORDINALITY AS j(id, kind, user_id, idempotency_key, n)
    ), booked_entries AS (
      INSERT INTO entries (journal_id, account_id, amount_cents)
        SELECT v_journals[p.n], COALESCE(p.system, v_ids[p.slot]), p.amount
          FROM unnest(v_p_booking, v_p_slot, v_p_system, v_p_amount) AS p(n, slot, system, amount)
    )
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status,
        wallet, journal_id, created_at)
      SELECT l.id, l.user_id, l.type, l.mode, l.method, l.description, l.amount_cents, COALESCE(l.fee_cents, 0),
          l.status, l.wallet, v_journals[l.booking], COALESCE(p_at, now())
        FROM unnest(p_lines) AS l
       WHERE (SELECT u.id FROM users u WHERE u.id = l.user_id) IS NOT NULL;
    -- A history row's user must exist: a row naming no user is left out above and refused here.
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows <> COALESCE(cardinality(p_lines), 0) THEN
      RAISE EXCEPTION 'a history row names a user that does not exist' USING ERRCODE = '22023';
    END IF;

    v_void := set_config('meridian.booking', 'off', true);
  END IF;

  -- Delivered when this transaction commits, never if it rolls back.
  IF p_channel IS NOT NULL THEN
    PERFORM pg_notify(p_channel, x.payload) FROM unnest(p_payloads) AS x(payload);
  END IF;

  RETURN COALESCE(v_journals, '{}');
END;
$$;
--> statement-breakpoint
-- The door of ledger_book_rows for callers outside the database (ledger/book-batch.ts, the accrual's):
-- the same rows as parallel arrays of plain types, one array per field, so that neither side builds
-- or parses a document (decision 018). Journal n is (p_kinds[n], p_users[n]); posting i is
-- (p_posting_bookings[i], p_posting_users[i], p_posting_kinds[i], p_posting_systems[i],
-- p_posting_amounts[i]); history line i likewise, with the id its caller drew. Amounts arrive as
-- numeric, so that one of fractional cents is refused as malformed (22023) rather than rounded, as
-- are a group's arrays of unequal lengths; the rest is ledger_book_rows' to check. p_at is the history
-- rows' time (the app's clock; NULL, this transaction's now()). Answers the journals' ids, in order,
-- and the history rows' created_at.
CREATE OR REPLACE FUNCTION ledger_book_batch(p_kinds text[], p_users text[],
    p_posting_bookings int[], p_posting_users text[], p_posting_kinds text[], p_posting_systems text[],
    p_posting_amounts numeric[],
    p_line_bookings int[], p_line_ids text[], p_line_users text[], p_line_types text[], p_line_modes text[],
    p_line_methods text[], p_line_descriptions text[], p_line_amounts numeric[], p_line_fees numeric[],
    p_line_statuses text[], p_line_wallets text[],
    p_channel text, p_payloads text[], p_at timestamptz, OUT journal_ids bigint[], OUT created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_journals int := COALESCE(cardinality(p_kinds), 0);
  v_postings int := COALESCE(cardinality(p_posting_bookings), 0);
  v_lines int := COALESCE(cardinality(p_line_bookings), 0);
BEGIN
  IF COALESCE(cardinality(p_users), 0) <> v_journals
     OR EXISTS (SELECT FROM unnest(ARRAY[cardinality(p_posting_users), cardinality(p_posting_kinds),
                  cardinality(p_posting_systems), cardinality(p_posting_amounts)]) AS c(n)
                 WHERE COALESCE(c.n, 0) <> v_postings)
     OR EXISTS (SELECT FROM unnest(ARRAY[cardinality(p_line_ids), cardinality(p_line_users), cardinality(p_line_types),
                  cardinality(p_line_modes), cardinality(p_line_methods), cardinality(p_line_descriptions),
                  cardinality(p_line_amounts), cardinality(p_line_fees), cardinality(p_line_statuses),
                  cardinality(p_line_wallets)]) AS c(n)
                 WHERE COALESCE(c.n, 0) <> v_lines)
     OR EXISTS (SELECT FROM unnest(p_posting_amounts) AS a(v) WHERE a.v <> trunc(a.v))
     OR EXISTS (SELECT FROM unnest(p_line_amounts, p_line_fees) AS a(v, fee)
                 WHERE a.v <> trunc(a.v) OR a.fee <> trunc(a.fee)) THEN
    RAISE EXCEPTION 'a batch has one value of each field per row, and amounts of whole cents' USING ERRCODE = '22023';
  END IF;
  journal_ids := ledger_book_rows(
    ARRAY(SELECT ROW(NULL, j.kind, j.user_id, NULL)::ledger_journal
            FROM unnest(p_kinds, p_users) WITH ORDINALITY AS j(kind, user_id, n) ORDER BY j.n),
    ARRAY(SELECT ROW(p.booking, p.user_id, p.kind, p.system, p.amount::bigint)::ledger_posting
            FROM unnest(p_posting_bookings, p_posting_users, p_posting_kinds, p_posting_systems, p_posting_amounts)
              WITH ORDINALITY AS p(booking, user_id, kind, system, amount, n)
           ORDER BY p.n),
    ARRAY(SELECT ROW(l.booking, l.id, l.user_id, l.type, l.mode, l.method, l.description, l.amount::bigint,
                l.fee::bigint, l.status, l.wallet)::ledger_line
            FROM unnest(p_line_bookings, p_line_ids, p_line_users, p_line_types, p_line_modes, p_line_methods,
                p_line_descriptions, p_line_amounts, p_line_fees, p_line_statuses, p_line_wallets)
              WITH ORDINALITY AS l(booking, id, user_id, type, mode, method, description, amount, fee, status, wallet, n)
           ORDER BY l.n),
    p_channel, p_payloads, p_at);
  created_at := COALESCE(p_at, now());
END;
$$;
-- <<< ledger/book-batch.sql
--> statement-breakpoint
-- >>> ledger/transfer-batch.sql
-- Transfers (decisions 003, 014 and 017): 1 to 64 of them in one call, one transaction, so concurrent
-- ones share one commit, one WAL flush and one pass through NOTIFY's commit-time lock, while each
-- keeps its own Idempotency-Key, its own answer and its own failure. A lone transfer is a batch of one.
-- ledger/transfer-batch.ts is its only caller; migrations install this file verbatim between markers
-- (book-source.test.ts checks the newest one).
--
-- Item i of the batch is one transfer, one array each, in typed values (nothing to parse):
--   p_senders, p_names    the sender and the name their history row gives the recipient ("Transfer
--                         from <name>")
--   p_tokens              the session token a sender was recalled by, from an app node's memory rather
--                         than read (NULL: read afresh in this request); see step 1
--   p_emails              the recipient's e-mail as typed
--   p_amounts, p_fees     whole cents: the recipient gets the amount, fee revenue the fee, the sender
--                         pays both
--   p_keys, p_hashes      the Idempotency-Key and the request's fingerprint
--   p_debit_ids, p_credit_ids   the ids of the sender's and the recipient's history rows
--   p_notice_amounts, p_notice_senders   the amount and the sender as the recipient's message
--                         writes them ("$250.00", "Alice A.")
-- and for all: p_debit_prefix and p_credit_prefix, the history wording ("Transfer to ", "Transfer
-- from "), p_channel and p_topics, the realtime channel and the topics both parties are told of;
-- p_at, the history rows' time, from the app's clock (lib/clock.ts: a test clock moves it as it moves
-- the investments; NULL, this transaction's now()); and the message each recipient is sent
-- (p_notice_template, its kind in the outbox; p_notice_subject, p_notice_html, p_notice_text, each a
-- format() string whose %1$s is the recipient's name, %2$s the amount and %3$s the sender, the HTML's
-- escaped here; NULL template, no message).
--
-- Answers, item by item, in order, what ledger_book would have answered that transfer alone after
-- the items before it: outcomes[i] is booked, replay, key_reused, recipient_not_found, self_transfer,
-- insufficient (shortfalls[i] the uncovered account's id, as ML001's DETAIL has it) or
-- sender_unverified; journal_ids[i] for a booked one; recipient_names[i]; replays[i] (JSON, a replay
-- only) the first booking's history row of the sender; created_at, the rows' time.
--
-- Set-wise, a fixed number of statements however many transfers the batch holds:
--   1. one statement checks the senders recalled from memory (their session still live and theirs,
--      they still active and so named: what the session reader would find now) and finds every
--      recipient (an active account holder of role 'user'); an unverified sender is answered
--      sender_unverified having claimed and moved nothing, and the app reads their session again;
--   2. one locks every balance the batch may move, in (user, kind) order, and reads it;
--   3. a loop over the items, in arrival order, in memory only, settles each as ledger_book would,
--      taking its key to be free: a key booked by an earlier item of the batch replays (or is
--      key_reused, another body); a refusal (unknown recipient, oneself) is refused; a debit the
--      balance, as the items before left it, cannot cover is insufficient and claims nothing (its key
--      stays free, so a later item with that key books); the rest are booked and move the running
--      balances;
--   4. only when an item was refused or insufficient, one reads which of their keys were already taken
--      (ledger_book answers a taken key before anything else: those replay, or are key_reused);
--   5. one claims the booked items' keys with their whole stored answer, as ledger_book does;
--   6. ledger_book_rows (book-batch.sql) books them, a journal each (with the ids their keys stored),
--      from rows built here: the booking rule's batch form, which checks each journal and every
--      account's net, and sends one notification for the batch, naming both parties of every transfer
--      (at most 128 ids, far under NOTIFY's 8000 bytes; PostgreSQL would deliver identical payloads of
--      a transaction once anyway);
--   7. one queues each booked transfer's message to its recipient in the e-mail outbox (the stored
--      address, the name in the greeting), so it is sent if and only if the transfer commits: a
--      refused transfer, a replay or a rolled-back batch queues nothing.
-- A replay's history row is read from its key (rare: retries only).
--
-- A booked item's key found taken at step 5 is a retry (taken before the batch, or by another
-- transaction meanwhile: the claim waits for that one to end first). Alone, the item is answered
-- from the key, as ledger_book answers a retry; in a batch of more, the items after it were settled
-- as if it moved money, so the batch fails as a whole (SQLSTATE ML003) and the app books each item
-- again alone. Taken keys are retries, rare beside first requests, so the batch does not look its keys
-- up before it books: that lookup cost each batch about an eighth of its instructions (decision 014).
--
-- Lock order: every balance the batch may move is locked in step 2, in one statement, in
-- (user, kind) order, before any other lock: every batch, and every other booking (ledger_book locks
-- its accounts in the same order), takes its locks in one global order, and no two of them can wait
-- on each other in a circle. ledger_book_rows' own lock then finds the rows held. (An Idempotency-Key
-- claimed at once by two transactions is the one wait left after the accounts; the app never puts one
-- key in two batches at once, and were it to happen across nodes, PostgreSQL would detect the deadlock
-- and the app would run the batch again.)
--
-- Generic plans (decision 014): PL/pgSQL re-plans a statement whose parameters are arrays on every
-- call when the planner cannot tell a generic plan is as good, and here it cannot (an array's length
-- is unknown); every plan of this function and of ledger_book_rows under it is the same for any batch
-- (index lookups per item), so planning each call cost a quarter of a 4-transfer batch's instructions
-- and bought nothing. A session keeps a generic plan until a table it reads is analysed again: the
-- one statement that reads the table a new database starts with empty (the keys, step 4) is planned
-- on each call instead.
CREATE OR REPLACE FUNCTION ledger_transfer_batch(p_senders text[], p_names text[], p_tokens text[], p_emails text[],
    p_amounts bigint[], p_fees bigint[], p_keys text[], p_hashes text[], p_debit_ids text[], p_credit_ids text[],
    p_debit_prefix text, p_credit_prefix text, p_channel text, p_topics text[], p_at timestamptz,
    p_notice_amounts text[], p_notice_senders text[], p_notice_template text, p_notice_subject text,
    p_notice_html text, p_notice_text text,
    OUT outcomes text[], OUT journal_ids bigint[], OUT recipient_names text[], OUT shortfalls bigint[],
    OUT replays jsonb[], OUT created_at timestamptz)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_senders), 0);
  v_live boolean[];
  v_recipients text[];
  v_recipient_emails text[];
  v_users text[];
  -- The balances of the batch in lock order: their users, ids and running balances.
  v_bal_users text[];
  v_bal_ids bigint[];
  v_bal_cents bigint[];
  -- Keys taken before the batch ("length:sender" || key, so no two pairs read alike) and their hash.
  v_taken text[];
  v_taken_hashes text[];
  -- Per item: its key's id as above when it booked; the items booked, in order.
  v_booked_ids text[];
  v_booked int[] := '{}';
  -- The booked items as ledger_book_rows takes them, built as they are settled, and who is told.
  v_journals ledger_journal[] := '{}';
  v_postings ledger_posting[] := '{}';
  v_lines ledger_line[] := '{}';
  v_notified text[] := '{}';
  v_n int;
  v_claimed int;
  v_outcome text;
  v_replay jsonb;
  v_id text;
  v_at int;
  v_s int;
  v_r int;
BEGIN
  IF v_count < 1 OR v_count > 64 OR cardinality(p_names) IS DISTINCT FROM v_count
      OR cardinality(p_tokens) IS DISTINCT FROM v_count OR cardinality(p_emails) IS DISTINCT FROM v_count
      OR cardinality(p_amounts) IS DISTINCT FROM v_count OR cardinality(p_fees) IS DISTINCT FROM v_count
      OR cardinality(p_keys) IS DISTINCT FROM v_count OR cardinality(p_hashes) IS DISTINCT FROM v_count
      OR cardinality(p_debit_ids) IS DISTINCT FROM v_count OR cardinality(p_credit_ids) IS DISTINCT FROM v_count
      OR EXISTS (SELECT FROM unnest(p_amounts, p_fees) AS x(amount, fee)
                  WHERE x.amount IS NULL OR x.amount <= 0 OR x.fee IS NULL OR x.fee < 0)
      OR (p_notice_template IS NOT NULL AND (cardinality(p_notice_amounts) IS DISTINCT FROM v_count
          OR cardinality(p_notice_senders) IS DISTINCT FROM v_count OR p_notice_subject IS NULL
          OR p_notice_html IS NULL OR p_notice_text IS NULL)) THEN
    RAISE EXCEPTION 'a batch is 1 to 64 transfers of positive amounts, one value of each parameter per transfer'
      USING ERRCODE = '22023';
  END IF;
  created_at := COALESCE(p_at, now());

  -- 1. Recalled senders checked, recipients found (an unverified sender's is not looked for).
  SELECT array_agg(c.live ORDER BY x.n), array_agg(r.id ORDER BY x.n), array_agg(r.name ORDER BY x.n),
      array_agg(r.email ORDER BY x.n)
    INTO v_live, v_recipients, recipient_names, v_recipient_emails
    FROM unnest(p_senders, p_tokens, p_names, p_emails) WITH ORDINALITY AS x(sender, token, name, email, n)
    CROSS JOIN LATERAL (
      SELECT x.token IS NULL OR EXISTS (
          SELECT FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.token = x.token AND s.user_id = x.sender AND s.expires_at > now() AND u.is_active
             AND u.name = x.name) AS live
    ) c
    LEFT JOIN LATERAL (
      SELECT u.id, u.name, u.email FROM users u
       WHERE lower(u.email) = lower(btrim(x.email)) AND u.role = 'user' AND u.is_active LIMIT 1
    ) r ON c.live;

  -- 2. Every balance the batch may move, locked in (user, kind) order before anything else, and read.
  SELECT array_agg(DISTINCT u) INTO v_users
    FROM unnest(p_senders, v_recipients) AS x(sender, recipient)
    CROSS JOIN LATERAL unnest(ARRAY[x.sender, x.recipient]) AS u
    WHERE x.recipient IS NOT NULL AND x.recipient <> x.sender;
  SELECT array_agg(l.user_id), array_agg(l.id), array_agg(l.balance_cents)
    INTO v_bal_users, v_bal_ids, v_bal_cents
    FROM (SELECT a.user_id, a.id, a.balance_cents FROM accounts a
            WHERE a.user_id = ANY (v_users) AND a.kind = 'balance'
            ORDER BY a.user_id, a.kind
            FOR UPDATE) l;

  -- 3. Each item in arrival order, as ledger_book would settle it after the ones before, its key
  -- taken to be free (step 5 finds a booked item's taken key). A sender without a balance account
  -- (registration opens one for everybody) has nothing to cover a debit; a recipient without one gets
  -- it opened by the credit (ledger_book_rows).
  outcomes := array_fill(NULL::text, ARRAY[v_count]);
  journal_ids := array_fill(NULL::bigint, ARRAY[v_count]);
  shortfalls := array_fill(NULL::bigint, ARRAY[v_count]);
  replays := array_fill(NULL::jsonb, ARRAY[v_count]);
  v_booked_ids := array_fill(NULL::text, ARRAY[v_count]);
  FOR i IN 1..v_count LOOP
    v_id := length(p_senders[i]) || ':' || p_senders[i] || p_keys[i];
    v_at := array_position(v_booked_ids, v_id);
    IF NOT v_live[i] THEN
      outcomes[i] := 'sender_unverified';
    ELSIF v_at IS NOT NULL THEN
      outcomes[i] := CASE WHEN p_hashes[v_at] IS DISTINCT FROM p_hashes[i] THEN 'key_reused' ELSE 'replay' END;
    ELSIF v_recipients[i] IS NULL THEN
      outcomes[i] := 'recipient_not_found';
    ELSIF v_recipients[i] = p_senders[i] THEN
      outcomes[i] := 'self_transfer';
    ELSE
      v_s := array_position(v_bal_users, p_senders[i]);
      v_r := array_position(v_bal_users, v_recipients[i]);
      IF v_s IS NULL OR v_bal_cents[v_s] < p_amounts[i] + p_fees[i] THEN
        outcomes[i] := 'insufficient';
        shortfalls[i] := v_bal_ids[v_s];
      ELSE
        v_bal_cents[v_s] := v_bal_cents[v_s] - p_amounts[i] - p_fees[i];
        IF v_r IS NOT NULL THEN
          v_bal_cents[v_r] := v_bal_cents[v_r] + p_amounts[i];
        END IF;
        v_booked_ids[i] := v_id;
        v_booked := v_booked || i;
        outcomes[i] := 'booked';
        -- Its journal (with the id its key will store), postings and history rows, as rows for
        -- ledger_book_rows; both parties are told once.
        journal_ids[i] := nextval('journals_id_seq');
        v_n := cardinality(v_booked);
        v_journals := v_journals || ROW(journal_ids[i], 'transfer', p_senders[i], p_keys[i])::ledger_journal;
        v_postings := v_postings || ROW(v_n, p_senders[i], 'balance', NULL, -(p_amounts[i] + p_fees[i]))::ledger_posting;
        v_postings := v_postings || ROW(v_n, v_recipients[i], 'balance', NULL, p_amounts[i])::ledger_posting;
        v_postings := v_postings || ROW(v_n, NULL, NULL, 'fee_revenue', p_fees[i])::ledger_posting;
        v_lines := v_lines || ROW(v_n, p_debit_ids[i], p_senders[i], 'debit', 'transfer', 'transfer',
          p_debit_prefix || recipient_names[i], p_amounts[i], p_fees[i], 'success', 'balance')::ledger_line;
        v_lines := v_lines || ROW(v_n, p_credit_ids[i], v_recipients[i], 'credit', 'transfer', 'transfer',
          p_credit_prefix || p_names[i], p_amounts[i], 0, 'success', 'balance')::ledger_line;
        IF NOT p_senders[i] = ANY (v_notified) THEN
          v_notified := v_notified || p_senders[i];
        END IF;
        IF NOT v_recipients[i] = ANY (v_notified) THEN
          v_notified := v_notified || v_recipients[i];
        END IF;
      END IF;
    END IF;
  END LOOP;

  -- 4. The keys of the refused and the insufficient already taken (committed before this statement's
  -- snapshot): those are retries, answered from their key. Neither moves a balance, so the items
  -- after them are settled alike either way. Planned on each call (EXECUTE), not generically: the
  -- keys table is the one a new database starts with empty, and a generic plan made while it was
  -- empty scans it for as long as the plan lives, however large the table grows (the transfer
  -- benchmark on a freshly analysed seed: 2.98 ms a batch instead of 0.04).
  IF outcomes && ARRAY['recipient_not_found', 'self_transfer', 'insufficient'] THEN
    EXECUTE 'SELECT array_agg(length(k.user_id) || '':'' || k.user_id || k.key), array_agg(k.request_hash)
               FROM idempotency_keys k
              WHERE (k.user_id, k.key) IN (SELECT t.sender, t.key FROM unnest($1::text[], $2::text[], $3::text[])
                                             AS t(sender, key, outcome)
                                            WHERE t.outcome IN (''recipient_not_found'', ''self_transfer'',
                                                                ''insufficient''))'
      INTO v_taken, v_taken_hashes
      USING p_senders, p_keys, outcomes;
    FOR i IN 1..v_count LOOP
      IF outcomes[i] IN ('recipient_not_found', 'self_transfer', 'insufficient') THEN
        v_at := array_position(v_taken, length(p_senders[i]) || ':' || p_senders[i] || p_keys[i]);
        IF v_at IS NOT NULL THEN
          outcomes[i] := CASE WHEN v_taken_hashes[v_at] IS DISTINCT FROM p_hashes[i] THEN 'key_reused' ELSE 'replay' END;
          shortfalls[i] := NULL;
        END IF;
      END IF;
    END LOOP;
  END IF;

  IF cardinality(v_booked) > 0 THEN
    -- 5. Their keys, each claimed with its whole stored answer (the journal and history rows' ids).
    INSERT INTO idempotency_keys (user_id, key, request_hash, response)
      SELECT p_senders[b.i], p_keys[b.i], p_hashes[b.i],
          jsonb_build_object('journalId', journal_ids[b.i], 'transactionIds', jsonb_build_array(p_debit_ids[b.i],
            p_credit_ids[b.i]))
        FROM unnest(v_booked) AS b(i)
      ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS v_claimed = ROW_COUNT;
    IF v_claimed < cardinality(v_booked) THEN
      IF v_count > 1 THEN
        RAISE EXCEPTION 'a key the batch booked was already taken: book its transfers one by one'
          USING ERRCODE = 'ML003';
      END IF;
      -- Alone: a retry, answered from its key (no balance was moved, no other item settled after it).
      SELECT CASE WHEN k.request_hash IS DISTINCT FROM p_hashes[1] THEN 'key_reused' ELSE 'replay' END
        INTO v_outcome
        FROM idempotency_keys k WHERE k.user_id = p_senders[1] AND k.key = p_keys[1];
      outcomes[1] := v_outcome;
      journal_ids[1] := NULL;
      v_booked := '{}';
    END IF;
  END IF;

  IF cardinality(v_booked) > 0 THEN
    -- 6. The journals, their entries and history rows, and one notification, by the booking rule.
    PERFORM ledger_book_rows(v_journals, v_postings, v_lines, p_channel,
      ARRAY[json_build_object('userIds', v_notified, 'topics', p_topics)::text], created_at);
    -- 7. Each recipient's message, one row per booked transfer in one statement, due at once by the
    -- app's clock (the dispatcher's). format() fills the slots in one pass, so a name that reads like a
    -- slot stays as written; the HTML gets them escaped as core/email/templates.ts escapes.
    IF p_notice_template IS NOT NULL THEN
      INSERT INTO email_outbox (to_address, template, subject, html, text, next_attempt_at)
        SELECT v_recipient_emails[b.i], p_notice_template,
            format(p_notice_subject, recipient_names[b.i], p_notice_amounts[b.i], p_notice_senders[b.i]),
            format(p_notice_html,
              replace(replace(replace(replace(replace(recipient_names[b.i], '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                '"', '&quot;'), '''', '&#39;'),
              replace(replace(replace(replace(replace(p_notice_amounts[b.i], '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                '"', '&quot;'), '''', '&#39;'),
              replace(replace(replace(replace(replace(p_notice_senders[b.i], '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                '"', '&quot;'), '''', '&#39;')),
            format(p_notice_text, recipient_names[b.i], p_notice_amounts[b.i], p_notice_senders[b.i]),
            created_at
          FROM unnest(v_booked) AS b(i);
    END IF;
  END IF;

  -- A replay's answer: the first booking's history row of the sender, read from its key (which an
  -- earlier item of this batch may have claimed just now).
  IF 'replay' = ANY (outcomes) THEN
    FOR i IN 1..v_count LOOP
      IF outcomes[i] = 'replay' THEN
        SELECT jsonb_build_object('id', t.id, 'userId', t.user_id, 'type', t.type, 'mode', t.mode,
            'method', t.method, 'description', t.description, 'amountCents', t.amount_cents, 'feeCents', t.fee_cents,
            'status', t.status, 'wallet', t.wallet, 'createdAt', t.created_at)
          INTO v_replay
          FROM idempotency_keys k JOIN transactions t ON t.id = k.response -> 'transactionIds' ->> 0
         WHERE k.user_id = p_senders[i] AND k.key = p_keys[i];
        replays[i] := v_replay;
      END IF;
    END LOOP;
  END IF;
END;
$$;
-- <<< ledger/transfer-batch.sql
