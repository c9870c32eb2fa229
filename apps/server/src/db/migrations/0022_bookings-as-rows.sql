-- Bookings as rows, not documents (decision 017). The booking rule's batch form becomes
-- ledger_book_rows, over arrays of three composite types created here; ledger_book_batch (the accrual's
-- door) turns its JSON into those rows. The transfer batch takes typed arrays, builds the rows itself
-- and parses no JSON; it checks recalled senders itself and books a lone transfer too, so the lone
-- statement's helpers ledger_transfer_batch_checked and ledger_sender_live go. No table changes.
--
-- ledger_journal: a journal to book; its id drawn by the booking when NULL.
-- ledger_posting: a signed amount of whole cents on a user's account (user_id, kind) or a system
--   account (system), for the journal numbered `booking` (1-based, in the call's journals).
-- ledger_line: a history row of journal `booking`, with the id its caller drew.
CREATE TYPE ledger_journal AS (id bigint, kind text, user_id text, idempotency_key text);
--> statement-breakpoint
CREATE TYPE ledger_posting AS (booking int, user_id text, kind text, system text, amount_cents bigint);
--> statement-breakpoint
CREATE TYPE ledger_line AS (booking int, id text, user_id text, type text, mode text, method text, description text,
  amount_cents bigint, fee_cents bigint, status text, wallet text);
--> statement-breakpoint
DROP FUNCTION ledger_transfer_batch_checked(text[], text[], text[], text[], text[], text[], text[]);
--> statement-breakpoint
DROP FUNCTION ledger_transfer_batch(text[], text[], text[], text[], text[]);
--> statement-breakpoint
DROP FUNCTION ledger_sender_live(text, text, text);
--> statement-breakpoint
-- The blocks between the markers are apps/server/src/ledger/book-batch.sql and transfer-batch.sql
-- verbatim (book-source.test.ts).
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
-- JSON door, for callers that build bookings as documents (ledger/book-batch.ts); a caller in SQL
-- builds the rows itself and parses no JSON (decision 017: parsing and re-reading the documents was
-- two fifths of a transfer's instructions).

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
-- Answers the journals' ids, in order; the rows' created_at is this transaction's now().
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
    p_lines ledger_line[], p_channel text DEFAULT NULL, p_payloads text[] DEFAULT NULL)
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
        wallet, journal_id)
      SELECT l.id, l.user_id, l.type, l.mode, l.method, l.description, l.amount_cents, COALESCE(l.fee_cents, 0),
          l.status, l.wallet, v_journals[l.booking]
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
-- The JSON door of ledger_book_rows, for callers that build their bookings as documents (the accrual,
-- through ledger/book-batch.ts). p_batch:
--   bookings               [{kind, userId, postings, history, transactionIds}], each as ledger_book reads
--                          it (idempotency.key, when given, is recorded on the journal; nothing claimed)
--   channel, notify        NOTIFY payloads (text), sent at commit
-- Answers {"journalIds": [one per booking, in order], "createdAt"}. What only a document can get
-- wrong (an amount of fractional cents, a history row without its id) raises 22023 here; the rest is
-- ledger_book_rows' to check.
CREATE OR REPLACE FUNCTION ledger_book_batch(p_batch jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_journals ledger_journal[];
  v_postings ledger_posting[];
  v_lines ledger_line[];
  v_bad boolean;
  v_ids bigint[];
BEGIN
  WITH b AS MATERIALIZED (
    SELECT x.doc, x.n::int AS n
      FROM jsonb_array_elements(COALESCE(p_batch -> 'bookings', '[]'::jsonb)) WITH ORDINALITY AS x(doc, n)
  ), p AS MATERIALIZED (
    SELECT b.n, q.o, q.system, q."user", q.kind, q."amountCents" AS amount
      FROM b CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(COALESCE(b.doc -> 'postings', '[]'::jsonb))
          AS (system text, "user" text, kind text, "amountCents" numeric))
        WITH ORDINALITY AS q(system, "user", kind, "amountCents", o)
  )
  SELECT ARRAY(SELECT ROW(NULL, b.doc ->> 'kind', b.doc ->> 'userId', b.doc -> 'idempotency' ->> 'key')::ledger_journal
                 FROM b ORDER BY b.n),
      ARRAY(SELECT ROW(p.n, p."user", p.kind, p.system, p.amount)::ledger_posting
              FROM p WHERE p.amount IS NULL OR p.amount = trunc(p.amount) ORDER BY p.n, p.o),
      ARRAY(SELECT ROW(b.n, b.doc -> 'transactionIds' ->> (h.o - 1)::int, h."userId", h.type, h.mode, h.method,
                  h.description, h."amountCents", h."feeCents", h.status, h.wallet)::ledger_line
              FROM b CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(COALESCE(b.doc -> 'history', '[]'::jsonb))
                  AS ("userId" text, type text, mode text, method text, description text, "amountCents" bigint,
                    "feeCents" bigint, status text, wallet text))
                WITH ORDINALITY AS h("userId", type, mode, method, description, "amountCents", "feeCents", status,
                  wallet, o)
             ORDER BY b.n, h.o),
      EXISTS (SELECT FROM p WHERE p.amount <> trunc(p.amount))
        OR EXISTS (SELECT FROM b WHERE jsonb_array_length(COALESCE(b.doc -> 'history', '[]'::jsonb))
                     IS DISTINCT FROM jsonb_array_length(COALESCE(b.doc -> 'transactionIds', '[]'::jsonb)))
    INTO v_journals, v_postings, v_lines, v_bad;
  IF v_bad THEN
    RAISE EXCEPTION 'amounts are whole cents, and each history row has an id' USING ERRCODE = '22023';
  END IF;
  v_ids := ledger_book_rows(v_journals, v_postings, v_lines, p_batch ->> 'channel',
    ARRAY(SELECT jsonb_array_elements_text(COALESCE(p_batch -> 'notify', '[]'::jsonb))));
  RETURN jsonb_build_object('journalIds', to_jsonb(v_ids), 'createdAt', now());
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
-- and for all: p_debit_prefix and p_credit_prefix, the history wording ("Transfer to ", "Transfer
-- from "), p_channel and p_topics, the realtime channel and the topics both parties are told of.
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
--      a transaction once anyway).
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
    p_debit_prefix text, p_credit_prefix text, p_channel text, p_topics text[],
    OUT outcomes text[], OUT journal_ids bigint[], OUT recipient_names text[], OUT shortfalls bigint[],
    OUT replays jsonb[], OUT created_at timestamptz)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_senders), 0);
  v_live boolean[];
  v_recipients text[];
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
                  WHERE x.amount IS NULL OR x.amount <= 0 OR x.fee IS NULL OR x.fee < 0) THEN
    RAISE EXCEPTION 'a batch is 1 to 64 transfers of positive amounts, one value of each parameter per transfer'
      USING ERRCODE = '22023';
  END IF;
  created_at := now();

  -- 1. Recalled senders checked, recipients found (an unverified sender's is not looked for).
  SELECT array_agg(c.live ORDER BY x.n), array_agg(r.id ORDER BY x.n), array_agg(r.name ORDER BY x.n)
    INTO v_live, v_recipients, recipient_names
    FROM unnest(p_senders, p_tokens, p_names, p_emails) WITH ORDINALITY AS x(sender, token, name, email, n)
    CROSS JOIN LATERAL (
      SELECT x.token IS NULL OR EXISTS (
          SELECT FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.token = x.token AND s.user_id = x.sender AND s.expires_at > now() AND u.is_active
             AND u.name = x.name) AS live
    ) c
    LEFT JOIN LATERAL (
      SELECT u.id, u.name FROM users u
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
      ARRAY[json_build_object('userIds', v_notified, 'topics', p_topics)::text]);
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
