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
