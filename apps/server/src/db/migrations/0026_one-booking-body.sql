-- One body for the books (decision 021). ledger_book becomes the one function that books: a batch of
-- journals, each settled as it would be alone after the ones before it (its Idempotency-Key, its
-- refusal, its balances), over one array per field. It replaces the JSON door ledger_book(jsonb), the
-- batch body ledger_book_rows with its door ledger_book_batch and their three composite types, and the
-- transfer statement's own settling loop: ledger_transfer_batch now gathers each transfer's rows and
-- hands them to ledger_book. ledger_history_row is the one shape of a history row in an answer. No
-- table changes. The blocks between the markers are apps/server/src/ledger/book.sql and
-- transfer-batch.sql verbatim (book-source.test.ts).
DROP FUNCTION ledger_transfer_batch(text[], text[], text[], text[], bigint[], bigint[], text[], text[], text[], text[],
  text, text, text, text[], timestamptz, text[], text[], text, text, text, text);
--> statement-breakpoint
DROP FUNCTION ledger_book_batch(text[], text[], int[], text[], text[], text[], numeric[], int[], text[], text[], text[],
  text[], text[], text[], numeric[], numeric[], text[], text[], text, text[], timestamptz);
--> statement-breakpoint
DROP FUNCTION ledger_book_rows(ledger_journal[], ledger_posting[], ledger_line[], text, text[], timestamptz);
--> statement-breakpoint
DROP FUNCTION ledger_book(jsonb);
--> statement-breakpoint
DROP TYPE ledger_journal;
--> statement-breakpoint
DROP TYPE ledger_posting;
--> statement-breakpoint
DROP TYPE ledger_line;
--> statement-breakpoint
-- >>> ledger/book.sql
-- The booking rule of Meridian, written once (decision 021). Every movement of money is a call of
-- ledger_book, which books a batch of journals; a single booking is a batch of one. Its callers are
-- ledger/book.ts (bookIn, bookBatch, book) and ledger_transfer_batch (transfer-batch.sql), which only
-- gathers a batch of transfers' rows and hands them here. Migrations install this file verbatim
-- (book-source.test.ts checks the newest migration that defines ledger_book against it), so a change
-- to the rule is a change here plus a migration that copies it, never a second version of the rule.
--
-- The guard: accounts, journals and entries refuse any write unless the transaction-local flag
-- meridian.booking is 'on', and only these functions set it (and clear it before they return).

-- Claims an Idempotency-Key for one user before any money moves, for an operation that does more in
-- its transaction than one booking (ledger/book.ts bookOnce). A concurrent duplicate waits on the key's
-- row until the first transaction ends, then replays it (or claims it, if the first was refused and
-- rolled back: a refused request leaves its key free). p_response, when given, is stored with the
-- claim. Answers {"outcome": "claimed"}, {"outcome": "replay", "response": <stored answer>} or
-- {"outcome": "key_reused"} (the key belongs to a different request: a 409). With p_claim false it only
-- looks: replay, key_reused, or NULL when the key is free.
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
-- A history row as an answer carries it (a replay's, read back; a transfer's sender row): the one shape
-- that ledger/book.ts reads (historyRowOf). Inlined where it is used.
CREATE OR REPLACE FUNCTION ledger_history_row(p_id text, p_user text, p_type text, p_mode text, p_method text,
    p_description text, p_amount bigint, p_fee bigint, p_status text, p_wallet text, p_journal bigint, p_at timestamptz)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', p_id, 'userId', p_user, 'type', p_type, 'mode', p_mode, 'method', p_method,
    'description', p_description, 'amountCents', p_amount, 'feeCents', p_fee, 'status', p_status, 'wallet', p_wallet,
    'journalId', p_journal, 'createdAt', p_at)
$$;
--> statement-breakpoint
-- Books journals 1..n of a batch, in order, each as it would be booked alone after the ones before it,
-- in one call inside the caller's transaction. One array per field (nothing to parse: decisions 017
-- and 018); item k of a group's arrays is one row:
--   journals   p_kinds, p_users (the journal's owner), p_keys and p_hashes (an Idempotency-Key of that
--              owner and the request's fingerprint, or NULL), p_refusals (NULL, or why the caller refuses
--              it: a transfer's unknown recipient, say; answered after the key check, moving nothing)
--   postings   p_posting_journals (the journal's number), p_posting_users and p_posting_kinds (a user's
--              account) or p_posting_systems (a system account), p_posting_amounts (signed whole cents;
--              zero is left out). A journal not refused has two or more, summing to zero
--   lines      the history rows: p_line_journals, p_line_ids (drawn by the caller), p_line_users,
--              p_line_types, p_line_modes, p_line_methods, p_line_descriptions, p_line_amounts,
--              p_line_fees, p_line_statuses, p_line_wallets
--   notices    who is told of what, on p_channel at commit: p_notice_journals (told when that journal
--              is booked; NULL, whatever the batch books), p_notice_users, p_notice_topics (comma-joined)
--   p_at       the history rows' created_at: the app's clock (lib/clock.ts); NULL, this transaction's now()
-- Answers per journal, in order: outcomes[k] booked, replay, key_reused (the key holds another
-- request), refused or insufficient (shortfalls[k]: the first account in lock order that cannot cover
-- its debit; NULL when it does not exist); journal_ids[k] when booked; history[k] a replay's history
-- rows, the first booking's, as ledger_history_row shapes them; and created_at. A booked journal's rows
-- are not answered: they are the caller's lines as given, with journal_ids[k] and created_at (building
-- them here as jsonb cost a tenth of a transfer's instructions: npm run bench:instructions -- --batch 16,
-- 1,515,795 with them, 1,365,952 without).
-- Amounts of fractional cents, arrays of one group of unequal lengths, a journal that does not balance,
-- an account or a history row's user that does not exist: malformed, SQLSTATE 22023, nothing booked.
--
-- The rule, journal by journal in order, exactly as one call per journal would apply it:
--   1. its key: taken before the batch, or booked by an earlier journal of the batch: a replay (the
--      same fingerprint) or key_reused; nothing moves;
--   2. its refusal: refused, nothing claimed;
--   3. its debits: every user account it leaves with less (its net over the journal) must hold that
--      much after the journals before it, else insufficient: nothing claimed, nothing moved, the
--      journals after it settled as if it had not come;
--   4. otherwise booked: its key claimed with the whole stored answer (journal and history rows' ids),
--      its postings applied, its journal, entries and history rows written, its notices sent.
-- System accounts get entries only, never an UPDATE (one hot row would serialise every booking): their
-- balance is the sum of their entries. A user's missing account is opened by a credit.
--
-- Cost (npm run bench:instructions, npm run bench -- accrual): statements, not journals. One checks and
-- sorts every posting and adds each account's postings up; one locks the accounts in (user, kind) order
-- and reads them; when no account's debits over the batch exceed what it holds and no key repeats,
-- every journal is booked as it would be one by one, and that is known without a loop (the accrual,
-- the transfers of funded members); otherwise a loop settles the journals in order, in memory. One
-- UPDATE applies each account's net once, one statement writes every journal, entry and history row
-- (the entries' trigger checks that statement once), one sends the notices. Keys cost statements only
-- when there are keys: one claims the booked ones, and the keys of refused and uncovered journals are
-- looked up (retries, rare).
--
-- Lock order: the accounts of the whole batch are locked at once, in (user, kind) order, before any
-- other lock but what the caller took (lockedBalances locks in the same order), so two bookings never
-- wait on each other in a circle. A key is claimed after the accounts: a key claimed by an unfinished
-- transaction is waited for while holding them; one app node never puts one key in two transactions
-- at once (lib/group-commit.ts), and across nodes PostgreSQL would find the circle and fail one with
-- 40P01, which the app retries. A booked journal's key found taken when it is claimed is a retry: in a
-- batch of one it is answered from the key (the claim waited for the other transaction to end); in a
-- batch of more the journals after it were settled as if it moved money, so the batch fails whole
-- (SQLSTATE ML003) and the app books each journal again alone.
CREATE OR REPLACE FUNCTION ledger_book(p_kinds text[], p_users text[], p_keys text[], p_hashes text[],
    p_refusals text[],
    p_posting_journals int[], p_posting_users text[], p_posting_kinds text[], p_posting_systems text[],
    p_posting_amounts numeric[],
    p_line_journals int[], p_line_ids text[], p_line_users text[], p_line_types text[], p_line_modes text[],
    p_line_methods text[], p_line_descriptions text[], p_line_amounts numeric[], p_line_fees numeric[],
    p_line_statuses text[], p_line_wallets text[],
    p_notice_journals int[], p_notice_users text[], p_notice_topics text[],
    p_channel text, p_at timestamptz,
    OUT outcomes text[], OUT journal_ids bigint[], OUT shortfalls bigint[], OUT history jsonb[],
    OUT created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_kinds), 0);
  v_bad boolean;
  v_keyed boolean;
  v_repeated boolean;
  v_refusing boolean;
  -- The user accounts the batch moves, in lock order (user, kind): a slot each, with the net of the
  -- postings of journals not refused, and their debits alone; their ids and balances (NULL id, 0: none).
  v_users text[];
  v_kinds text[];
  v_nets bigint[];
  v_debits bigint[];
  v_ids bigint[];
  v_balances bigint[];
  v_found_slots int[];
  v_found_ids bigint[];
  v_found_balances bigint[];
  -- Every posting of a journal not refused: its journal, its user account's slot or its system
  -- account's id, and its amount.
  v_p_journal int[];
  v_p_slot int[];
  v_p_system bigint[];
  v_p_amount bigint[];
  -- The settling loop: each journal's nets per slot (sorted by journal, then slot), running balances,
  -- and the keys booked so far ("length:user" || key, so no two pairs read alike) with their journals.
  v_jn int[];
  v_js int[];
  v_jnet bigint[];
  v_running bigint[];
  v_booked_keys text[] := '{}';
  v_booked_journals int[] := '{}';
  v_next int := 1;
  v_first int;
  v_covered boolean;
  v_short bigint;
  v_id text;
  v_at int;
  v_taken text[];
  v_taken_hashes text[];
  v_wanted int;
  v_claimed int;
  v_rows int;
  v_outcome text;
  v_row jsonb;
  v_void text;
  v_line_ids jsonb[];
  v_told text[];
  -- Counts and checks below are loops of plain assignments: a query over a handful of values costs an
  -- executor's start and end, which a lone transfer pays for each.
  v_expected int;
  v_all_covered boolean;
BEGIN
  IF EXISTS (SELECT FROM unnest(ARRAY[cardinality(p_users), cardinality(p_keys), cardinality(p_hashes),
                  cardinality(p_refusals)]) AS c(n) WHERE COALESCE(c.n, 0) <> v_count)
     OR EXISTS (SELECT FROM unnest(ARRAY[cardinality(p_posting_users), cardinality(p_posting_kinds),
                  cardinality(p_posting_systems), cardinality(p_posting_amounts)]) AS c(n)
                 WHERE COALESCE(c.n, 0) <> COALESCE(cardinality(p_posting_journals), 0))
     OR EXISTS (SELECT FROM unnest(ARRAY[cardinality(p_line_ids), cardinality(p_line_users), cardinality(p_line_types),
                  cardinality(p_line_modes), cardinality(p_line_methods), cardinality(p_line_descriptions),
                  cardinality(p_line_amounts), cardinality(p_line_fees), cardinality(p_line_statuses),
                  cardinality(p_line_wallets)]) AS c(n)
                 WHERE COALESCE(c.n, 0) <> COALESCE(cardinality(p_line_journals), 0))
     OR EXISTS (SELECT FROM unnest(ARRAY[cardinality(p_notice_users), cardinality(p_notice_topics)]) AS c(n)
                 WHERE COALESCE(c.n, 0) <> COALESCE(cardinality(p_notice_journals), 0)) THEN
    RAISE EXCEPTION 'a batch has one value of each field per row' USING ERRCODE = '22023';
  END IF;
  created_at := COALESCE(p_at, now());
  outcomes := array_fill(NULL::text, ARRAY[v_count]);
  journal_ids := array_fill(NULL::bigint, ARRAY[v_count]);
  shortfalls := array_fill(NULL::bigint, ARRAY[v_count]);
  history := array_fill(NULL::jsonb, ARRAY[v_count]);
  IF v_count = 0 AND COALESCE(cardinality(p_notice_users), 0) = 0 THEN
    RETURN;
  END IF;

  -- Every posting checked, the user accounts sorted into lock order (each posting's slot is its
  -- dense_rank() over (user, kind): no join of the postings with the accounts they name, which the
  -- planner made a nested loop over two CTEs at two thirds of an accrual batch's time, decision 017).
  WITH q AS MATERIALIZED (
    SELECT p.n, p.system, p.user_id, p.kind, p.amount,
        CASE WHEN p.system IS NULL
          THEN dense_rank() OVER (PARTITION BY p.system IS NULL ORDER BY p.user_id, p.kind)::int END AS slot
      FROM unnest(p_posting_journals, p_posting_users, p_posting_kinds, p_posting_systems, p_posting_amounts)
        AS p(n, user_id, kind, system, amount)
     WHERE p.amount IS DISTINCT FROM 0 AND p_refusals[p.n] IS NULL
  ), sys AS MATERIALIZED (
    SELECT a.id, a.kind FROM accounts a WHERE a.user_id IS NULL
  ), per_journal AS MATERIALIZED (
    SELECT q.n, count(*) AS c, sum(q.amount) AS s FROM q GROUP BY q.n
  )
  SELECT chk.bad, chk.keyed, chk.repeated, chk.refusing, a.users, a.kinds, a.nets, a.debits,
      p.journals, p.slots, p.systems, p.amounts
    INTO v_bad, v_keyed, v_repeated, v_refusing, v_users, v_kinds, v_nets, v_debits,
      v_p_journal, v_p_slot, v_p_system, v_p_amount
    FROM (SELECT EXISTS (
              SELECT FROM q LEFT JOIN sys ON sys.kind = q.system
               WHERE q.amount IS NULL OR q.amount <> trunc(q.amount) OR q.n IS NULL OR q.n NOT BETWEEN 1 AND v_count
                  OR (q.system IS NULL AND (q.user_id IS NULL OR q.kind IS NULL))
                  OR (q.system IS NOT NULL AND sys.id IS NULL))
            OR (SELECT count(*) FROM per_journal) <> (SELECT count(*) FROM unnest(p_refusals) AS r(r) WHERE r.r IS NULL)
            OR EXISTS (SELECT FROM per_journal WHERE per_journal.c < 2 OR per_journal.s <> 0)
            OR EXISTS (
              SELECT FROM unnest(p_line_journals, p_line_ids, p_line_amounts, p_line_fees) AS l(n, id, amount, fee)
               WHERE l.n IS NULL OR l.n NOT BETWEEN 1 AND v_count OR l.id IS NULL
                  OR l.amount <> trunc(l.amount) OR l.fee <> trunc(l.fee)) AS bad,
            EXISTS (SELECT FROM unnest(p_keys) AS k(k) WHERE k.k IS NOT NULL) AS keyed,
            EXISTS (SELECT FROM unnest(p_users, p_keys) AS j(u, k) WHERE j.k IS NOT NULL
                     GROUP BY j.u, j.k HAVING count(*) > 1) AS repeated,
            EXISTS (SELECT FROM unnest(p_refusals) AS r(r) WHERE r.r IS NOT NULL) AS refusing) chk,
         (SELECT array_agg(acc.user_id ORDER BY acc.slot) AS users, array_agg(acc.kind ORDER BY acc.slot) AS kinds,
              array_agg(acc.net ORDER BY acc.slot) AS nets, array_agg(acc.debits ORDER BY acc.slot) AS debits
            FROM (SELECT q.slot, min(q.user_id) AS user_id, min(q.kind) AS kind, sum(q.amount)::bigint AS net,
                      COALESCE(sum(q.amount) FILTER (WHERE q.amount < 0), 0)::bigint AS debits
                    FROM q WHERE q.slot IS NOT NULL GROUP BY q.slot) acc) a,
         (SELECT array_agg(q.n) AS journals, array_agg(q.slot) AS slots, array_agg(sys.id) AS systems,
              array_agg(q.amount::bigint) AS amounts
            FROM q LEFT JOIN sys ON sys.kind = q.system) p;
  IF v_bad THEN
    RAISE EXCEPTION 'a journal needs two or more postings of whole cents that sum to zero, each naming an account that exists, and each history row a journal of the batch and an id'
      USING ERRCODE = '22023';
  END IF;
  v_users := COALESCE(v_users, '{}');
  v_kinds := COALESCE(v_kinds, '{}');
  v_nets := COALESCE(v_nets, '{}');
  v_debits := COALESCE(v_debits, '{}');

  v_void := set_config('meridian.booking', 'on', true);

  -- The user accounts, locked in (user, kind) order (LockRows runs above the sort), and read. One that
  -- does not exist is opened when a journal credits it, then all are locked again (rare: registration
  -- opens them); one only debited stays missing, with nothing to cover a debit.
  FOR attempt IN 1..2 LOOP
    SELECT array_agg(l.slot ORDER BY l.slot), array_agg(l.id ORDER BY l.slot),
        array_agg(l.balance_cents ORDER BY l.slot)
      INTO v_found_slots, v_found_ids, v_found_balances
      FROM (SELECT x.id, x.balance_cents, t.slot::int AS slot
              FROM unnest(v_users, v_kinds) WITH ORDINALITY AS t(u, k, slot)
              JOIN accounts x ON x.user_id = t.u AND x.kind = t.k
             ORDER BY t.slot
               FOR UPDATE OF x) l;
    EXIT WHEN COALESCE(cardinality(v_found_slots), 0) = cardinality(v_users) OR attempt = 2;
    INSERT INTO accounts (user_id, kind)
      SELECT t.u, t.k FROM unnest(v_users, v_kinds, v_nets, v_debits) AS t(u, k, net, debits)
       WHERE t.net > t.debits AND NOT EXISTS (SELECT FROM accounts x WHERE x.user_id = t.u AND x.kind = t.k)
      ON CONFLICT DO NOTHING;
  END LOOP;
  IF COALESCE(cardinality(v_found_slots), 0) = cardinality(v_users) THEN
    v_ids := COALESCE(v_found_ids, '{}');
    v_balances := COALESCE(v_found_balances, '{}');
  ELSE
    v_ids := array_fill(NULL::bigint, ARRAY[cardinality(v_users)]);
    v_balances := array_fill(0::bigint, ARRAY[cardinality(v_users)]);
    FOR k IN 1..COALESCE(cardinality(v_found_slots), 0) LOOP
      v_ids[v_found_slots[k]] := v_found_ids[k];
      v_balances[v_found_slots[k]] := v_found_balances[k];
    END LOOP;
  END IF;

  v_all_covered := NOT v_repeated;
  FOR k IN 1..cardinality(v_balances) LOOP
    EXIT WHEN NOT v_all_covered;
    v_all_covered := v_balances[k] + v_debits[k] >= 0;
  END LOOP;
  IF v_all_covered THEN
    -- No account's debits over the whole batch exceed what it holds, and no key repeats: every journal
    -- not refused is covered after the ones before it, whatever they are, so all of them are booked.
    IF v_refusing THEN
      outcomes := ARRAY(SELECT CASE WHEN r.r IS NULL THEN 'booked' ELSE 'refused' END
                          FROM unnest(p_refusals) WITH ORDINALITY AS r(r, n) ORDER BY r.n);
    ELSE
      outcomes := array_fill('booked'::text, ARRAY[v_count]);
    END IF;
  ELSE
    -- Journal by journal, in order, in memory: the rule above, with the balances running.
    SELECT array_agg(x.n ORDER BY x.n, x.slot), array_agg(x.slot ORDER BY x.n, x.slot),
        array_agg(x.net ORDER BY x.n, x.slot)
      INTO v_jn, v_js, v_jnet
      FROM (SELECT p.n, p.slot, sum(p.amount)::bigint AS net
              FROM unnest(v_p_journal, v_p_slot, v_p_amount) AS p(n, slot, amount)
             WHERE p.slot IS NOT NULL GROUP BY p.n, p.slot) x;
    v_running := v_balances;
    FOR i IN 1..v_count LOOP
      v_first := v_next;
      WHILE v_next <= COALESCE(cardinality(v_jn), 0) AND v_jn[v_next] = i LOOP
        v_next := v_next + 1;
      END LOOP;
      v_id := CASE WHEN p_keys[i] IS NOT NULL THEN length(p_users[i]) || ':' || p_users[i] || p_keys[i] END;
      v_at := array_position(v_booked_keys, v_id);
      IF v_at IS NOT NULL THEN
        outcomes[i] := CASE WHEN p_hashes[v_booked_journals[v_at]] IS DISTINCT FROM p_hashes[i]
                         THEN 'key_reused' ELSE 'replay' END;
      ELSIF p_refusals[i] IS NOT NULL THEN
        outcomes[i] := 'refused';
      ELSE
        v_covered := true;
        FOR k IN v_first..v_next - 1 LOOP
          IF v_jnet[k] < 0 AND v_running[v_js[k]] + v_jnet[k] < 0 THEN
            v_covered := false;
            shortfalls[i] := v_ids[v_js[k]];
            EXIT;
          END IF;
        END LOOP;
        IF v_covered THEN
          FOR k IN v_first..v_next - 1 LOOP
            v_running[v_js[k]] := v_running[v_js[k]] + v_jnet[k];
          END LOOP;
          outcomes[i] := 'booked';
          IF v_id IS NOT NULL THEN
            v_booked_keys := v_booked_keys || v_id;
            v_booked_journals := v_booked_journals || i;
          END IF;
        ELSE
          outcomes[i] := 'insufficient';
        END IF;
      END IF;
    END LOOP;
    v_nets := ARRAY(SELECT b.running - b.balance FROM unnest(v_running, v_balances) WITH ORDINALITY AS b(running, balance, s)
                     ORDER BY b.s);
  END IF;

  IF v_keyed THEN
    -- The keys of the refused and the uncovered, taken before the batch (committed before this
    -- statement's snapshot): retries, answered from their key. Neither moves a balance, so the journals
    -- after them were settled alike either way. Planned on each call (EXECUTE), not generically: the keys
    -- table is the one a new database starts with empty, and a generic plan made while it was empty scans
    -- it for as long as the plan lives, however large it grows (decision 014: 2.98 ms a batch, not 0.04).
    IF outcomes && ARRAY['refused', 'insufficient'] THEN
      EXECUTE 'SELECT array_agg(length(k.user_id) || '':'' || k.user_id || k.key), array_agg(k.request_hash)
                 FROM idempotency_keys k
                WHERE (k.user_id, k.key) IN (SELECT t.u, t.k FROM unnest($1::text[], $2::text[], $3::text[]) AS t(u, k, o)
                                              WHERE t.k IS NOT NULL AND t.o IN (''refused'', ''insufficient''))'
        INTO v_taken, v_taken_hashes
        USING p_users, p_keys, outcomes;
      FOR i IN 1..v_count LOOP
        IF outcomes[i] IN ('refused', 'insufficient') AND p_keys[i] IS NOT NULL THEN
          v_at := array_position(v_taken, length(p_users[i]) || ':' || p_users[i] || p_keys[i]);
          IF v_at IS NOT NULL THEN
            outcomes[i] := CASE WHEN v_taken_hashes[v_at] IS DISTINCT FROM p_hashes[i] THEN 'key_reused' ELSE 'replay' END;
            shortfalls[i] := NULL;
          END IF;
        END IF;
      END LOOP;
    END IF;
  END IF;

  IF 'booked' = ANY (outcomes) THEN
    FOR k IN 1..v_count LOOP
      IF outcomes[k] = 'booked' THEN
        journal_ids[k] := nextval('journals_id_seq');
      END IF;
    END LOOP;
  END IF;

  IF v_keyed AND 'booked' = ANY (outcomes) THEN
    -- The booked journals' keys, each claimed with its whole stored answer (the journal's and the history
    -- rows' ids), so a retry is answered from the key alone. Each journal's row ids gathered in a loop of
    -- plain assignments: a join with an aggregate over the lines cost 2% of a transfer's instructions.
    FOR k IN 1..COALESCE(cardinality(p_line_journals), 0) LOOP
      v_line_ids[p_line_journals[k]] := COALESCE(v_line_ids[p_line_journals[k]], '[]'::jsonb) || to_jsonb(p_line_ids[k]);
    END LOOP;
    WITH wanted AS (
      SELECT j.n FROM generate_subscripts(outcomes, 1) AS j(n)
       WHERE outcomes[j.n] = 'booked' AND p_keys[j.n] IS NOT NULL
    ), claimed AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, response)
        SELECT p_users[w.n], p_keys[w.n], p_hashes[w.n],
            jsonb_build_object('journalId', journal_ids[w.n], 'transactionIds', COALESCE(v_line_ids[w.n], '[]'::jsonb))
          FROM wanted w
        ON CONFLICT DO NOTHING
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM wanted), (SELECT count(*) FROM claimed) INTO v_wanted, v_claimed;
    IF v_claimed < v_wanted THEN
      IF v_count > 1 THEN
        RAISE EXCEPTION 'a key the batch booked was already taken: book its journals one by one'
          USING ERRCODE = 'ML003';
      END IF;
      -- Alone: a retry, answered from its key (the claim waited for the transaction that took it).
      SELECT CASE WHEN k.request_hash IS DISTINCT FROM p_hashes[1] THEN 'key_reused' ELSE 'replay' END
        INTO v_outcome
        FROM idempotency_keys k WHERE k.user_id = p_users[1] AND k.key = p_keys[1];
      outcomes[1] := v_outcome;
      journal_ids[1] := NULL;
    END IF;
  END IF;

  IF 'booked' = ANY (outcomes) THEN
    -- Each account once, by the net of the booked journals; the settling above read these locked rows,
    -- so every debit is covered (the condition only guards the rule's own arithmetic).
    UPDATE accounts a SET balance_cents = a.balance_cents + t.net
      FROM unnest(v_ids, v_nets) AS t(id, net)
     WHERE a.id = t.id AND t.net <> 0 AND a.balance_cents + t.net >= 0;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    v_expected := 0;
    FOR k IN 1..COALESCE(cardinality(v_nets), 0) LOOP
      IF v_nets[k] <> 0 THEN
        v_expected := v_expected + 1;
      END IF;
    END LOOP;
    IF v_rows <> v_expected THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'ML001', DETAIL = '{"accountId": null}';
    END IF;

    -- Every booked journal, its entries and its history rows in one statement.
    WITH journal AS (
      INSERT INTO journals (id, kind, user_id, idempotency_key)
        SELECT journal_ids[j.n], j.kind, j.user_id, j.key
          FROM unnest(p_kinds, p_users, p_keys) WITH ORDINALITY AS j(kind, user_id, key, n)
         WHERE outcomes[j.n] = 'booked'
    ), booked_entries AS (
      INSERT INTO entries (journal_id, account_id, amount_cents)
        SELECT journal_ids[p.n], COALESCE(p.system, v_ids[p.slot]), p.amount
          FROM unnest(v_p_journal, v_p_slot, v_p_system, v_p_amount) AS p(n, slot, system, amount)
         WHERE outcomes[p.n] = 'booked'
    )
    INSERT INTO transactions (id, user_id, type, mode, method, description, amount_cents, fee_cents, status,
        wallet, journal_id, created_at)
      SELECT l.id, l.user_id, l.type, l.mode, l.method, l.description, l.amount::bigint, COALESCE(l.fee, 0)::bigint,
          l.status, l.wallet, journal_ids[l.n], created_at
        FROM unnest(p_line_journals, p_line_ids, p_line_users, p_line_types, p_line_modes, p_line_methods,
            p_line_descriptions, p_line_amounts, p_line_fees, p_line_statuses, p_line_wallets)
          AS l(n, id, user_id, type, mode, method, description, amount, fee, status, wallet)
       WHERE outcomes[l.n] = 'booked' AND (SELECT u.id FROM users u WHERE u.id = l.user_id) IS NOT NULL;
    -- A history row's user must exist: a row naming no user is left out above and refused here.
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    v_expected := 0;
    FOR k IN 1..COALESCE(cardinality(p_line_journals), 0) LOOP
      IF outcomes[p_line_journals[k]] = 'booked' THEN
        v_expected := v_expected + 1;
      END IF;
    END LOOP;
    IF v_rows <> v_expected THEN
      RAISE EXCEPTION 'a history row names a user that does not exist' USING ERRCODE = '22023';
    END IF;

  END IF;

  v_void := set_config('meridian.booking', 'off', true);

  -- Delivered when this transaction commits, never if it rolls back: each user once per set of topics,
  -- the users of one set in as few payloads as fit under NOTIFY's 8000 bytes.
  IF p_channel IS NOT NULL AND cardinality(p_notice_users) BETWEEN 1 AND 128
     AND p_notice_topics <@ p_notice_topics[1:1] THEN
    -- One set of topics and few users (a transfer batch, a booking): one payload, well under the limit,
    -- without the chunking below (which cost 2% of a transfer's instructions).
    v_told := ARRAY(SELECT f.user_id
                      FROM (SELECT x.user_id, min(x.o) AS first
                              FROM unnest(p_notice_journals, p_notice_users) WITH ORDINALITY AS x(n, user_id, o)
                             WHERE x.n IS NULL OR outcomes[x.n] = 'booked'
                             GROUP BY x.user_id) f
                     ORDER BY f.first);
    IF cardinality(v_told) > 0 THEN
      PERFORM pg_notify(p_channel,
        json_build_object('userIds', v_told, 'topics', string_to_array(p_notice_topics[1], ','))::text);
    END IF;
  ELSIF p_channel IS NOT NULL AND cardinality(p_notice_users) > 0 THEN
    PERFORM pg_notify(p_channel, json_build_object('userIds', c.users, 'topics', string_to_array(c.topics, ','))::text)
      FROM (SELECT u.topics, array_agg(u.user_id ORDER BY u.first) AS users
              FROM (SELECT x.topics, x.user_id, min(x.o) AS first,
                        sum(octet_length(x.user_id) + 3) OVER (PARTITION BY x.topics ORDER BY min(x.o)) / 7000 AS chunk
                      FROM unnest(p_notice_journals, p_notice_users, p_notice_topics) WITH ORDINALITY AS x(n, user_id, topics, o)
                     WHERE x.n IS NULL OR outcomes[x.n] = 'booked'
                     GROUP BY x.topics, x.user_id) u
             GROUP BY u.topics, u.chunk) c;
  END IF;

  -- A replay's answer: the first booking's history rows, read from its key (which an earlier journal of
  -- this batch may have claimed just now).
  IF 'replay' = ANY (outcomes) THEN
    FOR i IN 1..v_count LOOP
      IF outcomes[i] = 'replay' THEN
        SELECT COALESCE(jsonb_agg(ledger_history_row(t.id, t.user_id, t.type, t.mode, t.method, t.description,
                   t.amount_cents, t.fee_cents, t.status, t.wallet, t.journal_id, t.created_at) ORDER BY x.o), '[]'::jsonb)
          INTO v_row
          FROM idempotency_keys k
          CROSS JOIN LATERAL jsonb_array_elements_text(COALESCE(k.response -> 'transactionIds', '[]'::jsonb))
            WITH ORDINALITY AS x(id, o)
          JOIN transactions t ON t.id = x.id
         WHERE k.user_id = p_users[i] AND k.key = p_keys[i];
        history[i] := v_row;
      END IF;
    END LOOP;
  END IF;
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
-- >>> ledger/transfer-batch.sql
-- Transfers (decisions 003, 014 and 021): 1 to 64 of them in one call, one transaction, so concurrent
-- ones share one commit, one WAL flush and one pass through NOTIFY's commit-time lock, while each
-- keeps its own Idempotency-Key, its own answer and its own failure. A lone transfer is a batch of one.
-- ledger/transfer.ts is its only caller; migrations install this file verbatim between markers
-- (book-source.test.ts checks the newest one).
--
-- It gathers rows and books nothing itself: it checks the senders recalled from memory, finds each
-- recipient, builds each transfer's journal, postings, history rows and notices, and hands them to
-- ledger_book (book.sql), which decides each one's key, refusal and balance as it does for every
-- booking. Then it queues each booked transfer's e-mail to its recipient, in the same transaction.
--
-- Item i of the batch is one transfer, one array each, in typed values (nothing to parse):
--   p_senders, p_names    the sender and the name their history row gives the recipient
--   p_tokens              the session token a sender was recalled by, from an app node's memory rather
--                         than read (NULL: read afresh in this request); see step 1
--   p_emails              the recipient's e-mail as typed
--   p_amounts, p_fees     whole cents: the recipient gets the amount, fee revenue the fee, the sender
--                         pays both
--   p_keys, p_hashes      the Idempotency-Key and the request's fingerprint
--   p_debit_ids, p_credit_ids   the ids of the sender's and the recipient's history rows
--   p_notice_amounts, p_notice_senders   the amount and the sender as the recipient's message
--                         writes them ("$250.00", "Alice A.")
-- and for all: p_debit_prefix and p_credit_prefix, the history wording (packages/shared historyWording:
-- "Transfer to " and the recipient's name, "Transfer from " and the sender's: written here, once, and
-- answered as written), p_channel and p_topics, the realtime channel and the topics both parties are
-- told of; p_at, the history rows' time, from the app's clock (NULL, this transaction's now()); and the
-- message each recipient is sent (p_notice_template, its kind in the outbox; p_notice_subject,
-- p_notice_html, p_notice_text, each a format() string whose %1$s is the recipient's name, %2$s the
-- amount and %3$s the sender, the HTML's escaped here; NULL template, no message); p_mode, p_status
-- and p_wallet, what every history row of a transfer is (its mode and method, status and wallet:
-- ledger/transfer.ts TRANSFER_LINE, which builds the sender's row of the answer from them too).
--
-- Answers, item by item, in order: outcomes[i] booked, replay, key_reused, recipient_not_found,
-- self_transfer, insufficient (shortfalls[i] the uncovered account's id) or sender_unverified;
-- journal_ids[i] and descriptions[i] (the sender's row's, as written) for a booked one; rows[i] for a
-- replay, the first booking's sender row as ledger_history_row shapes it; created_at, the rows' time.
--
--   1. One statement checks the senders recalled from memory (their session still live and theirs,
--      they still active and so named: what the session reader would find now) and finds every
--      recipient (an active account holder of role 'user'). An unverified sender is answered
--      sender_unverified before anything else, their transfer not handed on: nothing claimed, nothing
--      moved, and the app reads their session again.
--   2. A loop builds the rest as ledger_book's rows: a journal each, refused when the recipient is
--      unknown or the sender; for the others the sender's balance paying amount and fee, the
--      recipient's getting the amount, fee revenue the fee; both history rows; both parties told.
--   3. ledger_book books them.
--   4. One statement queues each booked transfer's message to its recipient in the e-mail outbox (the
--      stored address, the name in the greeting), so it is sent if and only if the transfer commits: a
--      refused transfer, a replay or a rolled-back batch queues nothing.
--
-- Generic plans (decision 014): PL/pgSQL re-plans a statement whose parameters are arrays on every
-- call when the planner cannot tell a generic plan is as good, and here it cannot (an array's length
-- is unknown); every plan of this function and of ledger_book under it is the same for any batch
-- (index lookups per item), so planning each call cost a quarter of a 4-transfer batch's instructions
-- and bought nothing. (ledger_book plans the one statement that reads the keys table on each call.)
CREATE OR REPLACE FUNCTION ledger_transfer_batch(p_senders text[], p_names text[], p_tokens text[], p_emails text[],
    p_amounts bigint[], p_fees bigint[], p_keys text[], p_hashes text[], p_debit_ids text[], p_credit_ids text[],
    p_debit_prefix text, p_credit_prefix text, p_channel text, p_topics text[], p_at timestamptz,
    p_notice_amounts text[], p_notice_senders text[], p_notice_template text, p_notice_subject text,
    p_notice_html text, p_notice_text text, p_mode text, p_status text, p_wallet text,
    OUT outcomes text[], OUT journal_ids bigint[], OUT shortfalls bigint[], OUT descriptions text[], OUT rows jsonb[],
    OUT created_at timestamptz)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_senders), 0);
  v_live boolean[];
  v_recipients text[];
  v_recipient_names text[];
  v_recipient_emails text[];
  -- Item i's journal among those handed to ledger_book (NULL: an unverified sender's, not handed on).
  v_journal_of int[];
  -- ledger_book's rows (book.sql): journals, postings, history lines, notices.
  v_j_users text[];
  v_j_keys text[];
  v_j_hashes text[];
  v_j_refusals text[];
  v_p_journals int[];
  v_p_users text[];
  v_p_kinds text[];
  v_p_systems text[];
  v_p_amounts bigint[];
  v_l_journals int[];
  v_l_ids text[];
  v_l_users text[];
  v_l_types text[];
  v_l_descriptions text[];
  v_l_amounts bigint[];
  v_l_fees bigint[];
  v_n_journals int[];
  v_n_users text[];
  -- Its answers, per journal handed on.
  v_outcomes text[];
  v_journal_ids bigint[];
  v_shortfalls bigint[];
  v_history jsonb[];
  v_j int;
  v_np int;
  v_nl int;
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

  -- 1. Recalled senders checked, recipients found (an unverified sender's is not looked for).
  SELECT array_agg(c.live ORDER BY x.n), array_agg(r.id ORDER BY x.n), array_agg(r.name ORDER BY x.n),
      array_agg(r.email ORDER BY x.n)
    INTO v_live, v_recipients, v_recipient_names, v_recipient_emails
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

  -- 2. The verified senders' transfers as ledger_book's rows, in arrival order, in a loop of plain
  -- assignments (a statement aggregating the same arrays cost a tenth of a transfer's instructions more): a journal
  -- each, refused when the recipient is unknown or the sender; for the others the sender's balance
  -- paying amount and fee, the recipient's getting the amount, fee revenue the fee; both history rows
  -- (the sender's first); both parties told.
  v_j := 0;
  v_np := 0;
  v_nl := 0;
  FOR i IN 1..v_count LOOP
    CONTINUE WHEN NOT v_live[i];
    v_j := v_j + 1;
    v_journal_of[i] := v_j;
    v_j_users[v_j] := p_senders[i];
    v_j_keys[v_j] := p_keys[i];
    v_j_hashes[v_j] := p_hashes[i];
    v_j_refusals[v_j] := CASE WHEN v_recipients[i] IS NULL THEN 'recipient_not_found'
                              WHEN v_recipients[i] = p_senders[i] THEN 'self_transfer' END;
    CONTINUE WHEN v_j_refusals[v_j] IS NOT NULL;
    v_p_journals[v_np + 1] := v_j;
    v_p_users[v_np + 1] := p_senders[i];
    v_p_kinds[v_np + 1] := 'balance';
    v_p_systems[v_np + 1] := NULL;
    v_p_amounts[v_np + 1] := -(p_amounts[i] + p_fees[i]);
    v_p_journals[v_np + 2] := v_j;
    v_p_users[v_np + 2] := v_recipients[i];
    v_p_kinds[v_np + 2] := 'balance';
    v_p_systems[v_np + 2] := NULL;
    v_p_amounts[v_np + 2] := p_amounts[i];
    v_p_journals[v_np + 3] := v_j;
    v_p_users[v_np + 3] := NULL;
    v_p_kinds[v_np + 3] := NULL;
    v_p_systems[v_np + 3] := 'fee_revenue';
    v_p_amounts[v_np + 3] := p_fees[i];
    v_np := v_np + 3;
    v_l_journals[v_nl + 1] := v_j;
    v_l_ids[v_nl + 1] := p_debit_ids[i];
    v_l_users[v_nl + 1] := p_senders[i];
    v_l_types[v_nl + 1] := 'debit';
    v_l_descriptions[v_nl + 1] := p_debit_prefix || v_recipient_names[i];
    v_l_amounts[v_nl + 1] := p_amounts[i];
    v_l_fees[v_nl + 1] := p_fees[i];
    v_l_journals[v_nl + 2] := v_j;
    v_l_ids[v_nl + 2] := p_credit_ids[i];
    v_l_users[v_nl + 2] := v_recipients[i];
    v_l_types[v_nl + 2] := 'credit';
    v_l_descriptions[v_nl + 2] := p_credit_prefix || p_names[i];
    v_l_amounts[v_nl + 2] := p_amounts[i];
    v_l_fees[v_nl + 2] := 0;
    v_nl := v_nl + 2;
  END LOOP;
  -- Both parties of each transfer told when it is booked: the history lines' journals and users.
  v_n_journals := v_l_journals;
  v_n_users := v_l_users;

  -- 3. Booked by the booking rule, each as it would be booked alone after the ones before it.
  SELECT b.outcomes, b.journal_ids, b.shortfalls, b.history, b.created_at
    INTO v_outcomes, v_journal_ids, v_shortfalls, v_history, created_at
    FROM ledger_book(
      array_fill('transfer'::text, ARRAY[COALESCE(cardinality(v_j_users), 0)]), v_j_users, v_j_keys, v_j_hashes,
      v_j_refusals,
      v_p_journals, v_p_users, v_p_kinds, v_p_systems, v_p_amounts::numeric[],
      v_l_journals, v_l_ids, v_l_users, v_l_types,
      array_fill(p_mode, ARRAY[COALESCE(cardinality(v_l_ids), 0)]),
      array_fill(p_mode, ARRAY[COALESCE(cardinality(v_l_ids), 0)]),
      v_l_descriptions, v_l_amounts::numeric[], v_l_fees::numeric[],
      array_fill(p_status, ARRAY[COALESCE(cardinality(v_l_ids), 0)]),
      array_fill(p_wallet, ARRAY[COALESCE(cardinality(v_l_ids), 0)]),
      v_n_journals, v_n_users, array_fill(array_to_string(p_topics, ','), ARRAY[COALESCE(cardinality(v_n_users), 0)]),
      p_channel, p_at) AS b;

  -- Each transfer's answer from its journal's, in a loop of plain assignments: a statement over the
  -- arrays cost a tenth of a transfer's instructions (sorts, a subplan per row) for 1 to 64 values.
  outcomes := array_fill(NULL::text, ARRAY[v_count]);
  journal_ids := array_fill(NULL::bigint, ARRAY[v_count]);
  shortfalls := array_fill(NULL::bigint, ARRAY[v_count]);
  descriptions := array_fill(NULL::text, ARRAY[v_count]);
  rows := array_fill(NULL::jsonb, ARRAY[v_count]);
  FOR i IN 1..v_count LOOP
    v_j := v_journal_of[i];
    IF v_j IS NULL THEN
      outcomes[i] := 'sender_unverified';
    ELSIF v_outcomes[v_j] = 'refused' THEN
      outcomes[i] := v_j_refusals[v_j];
    ELSE
      outcomes[i] := v_outcomes[v_j];
      journal_ids[i] := v_journal_ids[v_j];
      shortfalls[i] := v_shortfalls[v_j];
      IF v_outcomes[v_j] = 'booked' THEN
        -- The sender's row is the journal's first line (step 2): its description as written.
        descriptions[i] := v_l_descriptions[array_position(v_l_journals, v_j)];
      ELSIF v_outcomes[v_j] = 'replay' THEN
        rows[i] := v_history[v_j] -> 0;
      END IF;
    END IF;
  END LOOP;

  -- 4. Each recipient's message, one row per booked transfer in one statement, due at once by the
  -- app's clock (the dispatcher's). format() fills the slots in one pass, so a name that reads like a
  -- slot stays as written; the HTML gets them escaped as core/email/templates.ts escapes.
  IF p_notice_template IS NOT NULL AND 'booked' = ANY (outcomes) THEN
    INSERT INTO email_outbox (to_address, template, subject, html, text, next_attempt_at)
      SELECT v_recipient_emails[b.i], p_notice_template,
          format(p_notice_subject, v_recipient_names[b.i], p_notice_amounts[b.i], p_notice_senders[b.i]),
          format(p_notice_html,
            replace(replace(replace(replace(replace(v_recipient_names[b.i], '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
              '"', '&quot;'), '''', '&#39;'),
            replace(replace(replace(replace(replace(p_notice_amounts[b.i], '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
              '"', '&quot;'), '''', '&#39;'),
            replace(replace(replace(replace(replace(p_notice_senders[b.i], '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
              '"', '&quot;'), '''', '&#39;')),
          format(p_notice_text, v_recipient_names[b.i], p_notice_amounts[b.i], p_notice_senders[b.i]),
          created_at
        FROM generate_subscripts(outcomes, 1) AS b(i)
       WHERE outcomes[b.i] = 'booked';
  END IF;
END;
$$;
-- <<< ledger/transfer-batch.sql
