-- Group commit for transfers (decision 014): many transfers booked in one transaction, so they share
-- one commit, one WAL flush and one pass through NOTIFY's commit-time lock, while each keeps its own
-- Idempotency-Key, its own answer and its own failure. ledger/transfer-batch.ts is its only caller;
-- migrations install this file verbatim between markers (book-source.test.ts checks the newest one).
--
-- Item i of the batch is the lone transfer statement's parameters (ledger/transfer.ts), one array
-- each: the sender's id, the booking as a format() template whose holes take the recipient's id and
-- the sender's history wording, the recipient's e-mail as typed, the idempotency claim (JSON) and the
-- wording's prefix. Answers a JSON array, item by item, in order, each what ledger_book would have
-- answered that transfer alone after the items before it:
--   {"result": <ledger_book's answer: booked, replay, key_reused or refused>, "recipientName"}
--   {"result": {"outcome": "insufficient", "detail": <ML001's DETAIL>}}        an uncovered debit
--
-- Set-wise, not a ledger_book call per transfer (the booking's statements ran once per transfer):
--   1. one statement finds every recipient (an active account holder of role 'user', as the lone
--      statement does) and fills each booking; the bookings are parsed once, as one document, the
--      batch ledger_book_batch will take; one more adds up what each moves on the two balances;
--   2. one locks every balance the batch may move, in (user, kind) order, and reads it;
--   3. a loop over the items, in arrival order, in memory only, settles each as ledger_book would,
--      taking its key to be free: a key booked by an earlier item of the batch replays (or is
--      key_reused, another body); a refusal (unknown recipient, oneself) is refused; a debit the
--      balance, as the items before left it, cannot cover is insufficient and claims nothing (its key
--      stays free, so a later item with that key books); the rest are booked and move the running
--      balances;
--   4. only when an item was refused or insufficient, one reads which of their keys were already taken
--      (ledger_book answers a taken key before anything else: those replay, or are key_reused);
--   5. ledger_book_batch (book-batch.sql) books the booked ones, a journal each, in its few
--      statements — the booking rule's batch form, which checks each journal and every account's net;
--   6. one statement claims their keys with the whole stored answer, as ledger_book does; a key it
--      finds taken fails the batch (below);
--   7. one sends their notifications (PostgreSQL delivers identical payloads of a transaction once).
-- A replay is answered by ledger_book itself, from the key (rare: retries only).
--
-- A batch the loop cannot settle exactly as the items alone would be settled fails as a whole
-- (SQLSTATE ML003), and the caller books each item again alone: a balance account that does not exist
-- (the lone booking would open it with a credit; registration opens every account, so this is rare),
-- or a booked item's key that was taken (before the batch, or by another transaction meanwhile: the
-- lone statement replays it, and waits for it first if it is not yet committed). Taken keys are
-- retries, rare beside first requests, so the batch does not look its keys up before it books: that
-- lookup cost each batch about an eighth of its instructions (decision 014), and a retry's batch is
-- booked again alone instead.
--
-- Lock order: every balance the batch may move is locked in step 2, in one statement, in
-- (user, kind) order, before any other lock: every batch, and every lone booking (ledger_book locks
-- its accounts in the same order), takes its locks in one global order, and no two of them can wait
-- on each other in a circle. ledger_book_batch's own lock then finds the rows held. (An
-- Idempotency-Key claimed at once by two transactions is the one wait left after the accounts; the
-- app never puts one key in two batches at once, and were it to happen across nodes, PostgreSQL would
-- detect the deadlock and the app would run the batch again.)
--
-- Generic plans (decision 014): PL/pgSQL re-plans a statement whose parameters are arrays on every
-- call when the planner cannot tell a generic plan is as good, and here it cannot (an array's length
-- is unknown); every plan of this function and of ledger_book_batch under it is the same for any
-- batch (index lookups per item), so planning each call cost a quarter of a 4-transfer batch's
-- instructions (bench/instructions.mjs) and bought nothing. A session keeps a generic plan until a
-- table it reads is analysed again: the one statement that reads the table a new database starts
-- with empty (the keys, step 4) is planned on each call instead.
CREATE OR REPLACE FUNCTION ledger_transfer_batch(p_senders text[], p_bookings text[], p_emails text[],
    p_claims text[], p_prefixes text[])
RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_senders), 0);
  v_recipients text[];
  v_names text[];
  v_texts text[];
  v_places int[];
  v_all jsonb;
  v_doc_count int;
  v_docs jsonb[];
  v_keys text[];
  v_hashes text[];
  v_sender_nets bigint[];
  v_recipient_nets bigint[];
  v_odd boolean;
  v_users text[];
  -- The balances of the batch in lock order: their users, ids and running balances.
  v_bal_users text[];
  v_bal_ids bigint[];
  v_bal_cents bigint[];
  -- Keys taken before the batch ("length:sender" || key, so no two pairs read alike) and their hash.
  v_taken text[];
  v_taken_hashes text[];
  -- Per item: its key's id as above when it booked, and how it is settled.
  v_booked_ids text[];
  v_outcome text[];
  v_ref int[];
  v_booked int[] := '{}';
  v_id text;
  v_at int;
  v_s int;
  v_r int;
  v_batch jsonb;
  v_journals jsonb;
  v_result jsonb;
  v_answers jsonb[] := '{}';
  v_rows int;
BEGIN
  IF v_count > 64 OR cardinality(p_bookings) IS DISTINCT FROM v_count OR cardinality(p_emails) IS DISTINCT FROM v_count
      OR cardinality(p_claims) IS DISTINCT FROM v_count OR cardinality(p_prefixes) IS DISTINCT FROM v_count THEN
    RAISE EXCEPTION 'a batch is 1 to 64 transfers, one value of each parameter per transfer' USING ERRCODE = '22023';
  END IF;

  -- 1. Recipients and bookings. The bookings' text is parsed once, as the whole batch's argument to
  -- ledger_book_batch (copying parsed JSON into a new document costs about as much as parsing it);
  -- each transfer's booking is then a slice of it. The aggregates keep the order of the sorted
  -- subquery that feeds them (one sort, not one each); OFFSET 0 keeps the claim parsed once.
  SELECT array_agg(s.recipient), array_agg(s.name), array_agg(s.booking), array_agg(s.place), array_agg(s.key),
      array_agg(s.hash), count(s.booking)
    INTO v_recipients, v_names, v_texts, v_places, v_keys, v_hashes, v_doc_count
    FROM (
      SELECT r.id AS recipient, r.name, d.booking, c.claim ->> 'key' AS key, c.claim ->> 'requestHash' AS hash,
          CASE WHEN d.booking IS NOT NULL THEN count(d.booking) OVER (ORDER BY x.n) END AS place
        FROM unnest(p_senders, p_bookings, p_emails, p_claims, p_prefixes) WITH ORDINALITY
          AS x(sender, booking, email, claim, prefix, n)
        CROSS JOIN LATERAL (SELECT x.claim::jsonb AS claim OFFSET 0) c
        LEFT JOIN LATERAL (
          SELECT u.id, u.name FROM users u
            WHERE lower(u.email) = lower(btrim(x.email)) AND u.role = 'user' AND u.is_active LIMIT 1
        ) r ON true
        CROSS JOIN LATERAL (
          SELECT CASE WHEN r.id IS NOT NULL AND r.id <> x.sender
            THEN format(x.booking, to_json(r.id), to_json(x.prefix || r.name)) END AS booking
        ) d
        ORDER BY x.n
    ) s;
  v_all := ('{"bookings": [' || COALESCE(array_to_string(v_texts, ','), '') || ']}')::jsonb;

  -- What each booking moves on its sender's and its recipient's balance.
  SELECT array_agg(m.doc), array_agg(m.sender_net), array_agg(m.recipient_net), COALESCE(bool_or(m.odd), false)
    INTO v_docs, v_sender_nets, v_recipient_nets, v_odd
    FROM (
      SELECT b.doc, t.sender_net, t.recipient_net, t.odd
        FROM unnest(p_senders, v_recipients, v_places) WITH ORDINALITY AS x(sender, recipient, place, n)
        CROSS JOIN LATERAL (SELECT v_all -> 'bookings' -> (x.place::int - 1) AS doc OFFSET 0) b
        LEFT JOIN LATERAL (
          -- A transfer moves the two balances only (anything else is a programming error: 22023 below).
          SELECT COALESCE(sum(p."amountCents") FILTER (WHERE p."user" = x.sender AND p.kind = 'balance'), 0)::bigint
                AS sender_net,
              COALESCE(sum(p."amountCents") FILTER (WHERE p."user" = x.recipient AND p.kind = 'balance'), 0)::bigint
                AS recipient_net,
              bool_or(p.system IS NULL AND (p.kind IS DISTINCT FROM 'balance' OR p."user" IS NULL
                OR p."user" NOT IN (x.sender, x.recipient))) AS odd
            FROM jsonb_to_recordset(b.doc -> 'postings') AS p(system text, "user" text, kind text, "amountCents" bigint)
        ) t ON b.doc IS NOT NULL
        ORDER BY x.n
    ) m;
  IF v_odd THEN
    RAISE EXCEPTION 'a transfer moves its sender''s and its recipient''s balance only' USING ERRCODE = '22023';
  END IF;

  -- 2. Every balance the batch may move, locked in (user, kind) order before anything else, and read.
  SELECT array_agg(DISTINCT u) INTO v_users
    FROM unnest(p_senders, v_recipients, v_docs) AS x(sender, recipient, doc)
    CROSS JOIN LATERAL unnest(ARRAY[x.sender, x.recipient]) AS u
    WHERE x.doc IS NOT NULL;
  SELECT array_agg(l.user_id), array_agg(l.id), array_agg(l.balance_cents)
    INTO v_bal_users, v_bal_ids, v_bal_cents
    FROM (SELECT a.user_id, a.id, a.balance_cents FROM accounts a
            WHERE a.user_id = ANY (v_users) AND a.kind = 'balance'
            ORDER BY a.user_id, a.kind
            FOR UPDATE) l;
  IF COALESCE(cardinality(v_bal_users), 0) <> COALESCE(cardinality(v_users), 0) THEN
    RAISE EXCEPTION 'a balance account of the batch does not exist: book its transfers one by one'
      USING ERRCODE = 'ML003';
  END IF;

  -- 3. Each item in arrival order, as ledger_book would settle it after the ones before, its key
  -- taken to be free (step 6 fails the batch for a booked item's taken key).
  v_booked_ids := array_fill(NULL::text, ARRAY[v_count]);
  v_outcome := array_fill(NULL::text, ARRAY[v_count]);
  v_ref := array_fill(NULL::int, ARRAY[v_count]);
  FOR i IN 1..v_count LOOP
    v_id := length(p_senders[i]) || ':' || p_senders[i] || v_keys[i];
    v_at := array_position(v_booked_ids, v_id);
    IF v_at IS NOT NULL THEN
      v_outcome[i] := CASE WHEN v_hashes[v_at] IS DISTINCT FROM v_hashes[i] THEN 'key_reused' ELSE 'replay_batch' END;
      v_ref[i] := v_at;
    ELSIF v_docs[i] IS NULL THEN
      v_outcome[i] := 'refused';
    ELSE
      v_s := array_position(v_bal_users, p_senders[i]);
      v_r := array_position(v_bal_users, v_recipients[i]);
      IF v_bal_cents[v_s] + v_sender_nets[i] < 0 THEN
        v_outcome[i] := 'insufficient';
        v_ref[i] := v_s;
      ELSE
        v_bal_cents[v_s] := v_bal_cents[v_s] + v_sender_nets[i];
        v_bal_cents[v_r] := v_bal_cents[v_r] + v_recipient_nets[i];
        v_booked_ids[i] := v_id;
        v_booked := v_booked || i;
        v_outcome[i] := 'booked';
        v_ref[i] := cardinality(v_booked);
      END IF;
    END IF;
  END LOOP;

  -- 4. The keys of the refused and the insufficient already taken (committed before this statement's
  -- snapshot): those are retries, answered from their key. Neither moves a balance, so the items
  -- after them are settled alike either way. Planned on each call (EXECUTE), not generically: the
  -- keys table is the one a new database starts with empty, and a generic plan made while it was
  -- empty scans it for as long as the plan lives, however large the table grows (the transfer
  -- benchmark on a freshly analysed seed: 2.98 ms a batch instead of 0.04).
  IF 'refused' = ANY (v_outcome) OR 'insufficient' = ANY (v_outcome) THEN
    EXECUTE 'SELECT array_agg(length(k.user_id) || '':'' || k.user_id || k.key), array_agg(k.request_hash)
               FROM idempotency_keys k
              WHERE (k.user_id, k.key) IN (SELECT t.sender, t.key FROM unnest($1::text[], $2::text[], $3::text[])
                                             AS t(sender, key, outcome)
                                            WHERE t.outcome IN (''refused'', ''insufficient''))'
      INTO v_taken, v_taken_hashes
      USING p_senders, v_keys, v_outcome;
    FOR i IN 1..v_count LOOP
      IF v_outcome[i] IN ('refused', 'insufficient') THEN
        v_at := array_position(v_taken, length(p_senders[i]) || ':' || p_senders[i] || v_keys[i]);
        IF v_at IS NOT NULL THEN
          v_outcome[i] := CASE WHEN v_taken_hashes[v_at] IS DISTINCT FROM v_hashes[i] THEN 'key_reused' ELSE 'replay' END;
          v_ref[i] := v_at;
        END IF;
      END IF;
    END LOOP;
  END IF;

  IF cardinality(v_booked) > 0 THEN
    -- 5. The booked ones, a journal each, through the booking rule's batch form.
    -- Usually every booking is booked: the parsed batch goes as it is.
    IF cardinality(v_booked) = v_doc_count THEN
      v_batch := v_all;
    ELSE
      SELECT jsonb_build_object('bookings', jsonb_agg(v_docs[b.i] ORDER BY b.n)) INTO v_batch
        FROM unnest(v_booked) WITH ORDINALITY AS b(i, n);
    END IF;
    v_journals := ledger_book_batch(v_batch) -> 'journalIds';

    -- 6. Their keys, each claimed with its whole stored answer (the journal and history rows' ids).
    INSERT INTO idempotency_keys (user_id, key, request_hash, response)
      SELECT p_senders[b.i], v_keys[b.i], v_hashes[b.i],
          jsonb_build_object('journalId', v_journals -> (b.n::int - 1), 'transactionIds', v_docs[b.i] -> 'transactionIds')
        FROM unnest(v_booked) WITH ORDINALITY AS b(i, n)
      ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows <> cardinality(v_booked) THEN
      RAISE EXCEPTION 'a key the batch booked was already taken: book its transfers one by one'
        USING ERRCODE = 'ML003';
    END IF;

    -- 7. Delivered when this transaction commits, never if it rolls back.
    PERFORM pg_notify(v_docs[b.i] -> 'notify' ->> 'channel', ((v_docs[b.i] -> 'notify') - 'channel')::text)
      FROM unnest(v_booked) AS b(i)
      WHERE jsonb_array_length(COALESCE(v_docs[b.i] -> 'notify' -> 'userIds', '[]'::jsonb)) > 0;
  END IF;

  FOR i IN 1..v_count LOOP
    CASE v_outcome[i]
      WHEN 'booked' THEN
        v_result := jsonb_build_object('outcome', 'booked', 'journalId', v_journals -> (v_ref[i] - 1), 'createdAt', now());
      WHEN 'insufficient' THEN
        v_result := jsonb_build_object('outcome', 'insufficient',
          'detail', jsonb_build_object('accountId', v_bal_ids[v_ref[i]])::text);
      WHEN 'refused' THEN
        v_result := jsonb_build_object('outcome', 'refused',
          'reason', CASE WHEN v_recipients[i] IS NULL THEN 'recipient_not_found' ELSE 'self_transfer' END);
      WHEN 'key_reused' THEN
        v_result := '{"outcome": "key_reused"}'::jsonb;
      ELSE
        -- A replay, of a key taken before the batch or booked by an earlier transfer of it (its claim
        -- is this transaction's by now): ledger_book answers it from the key, as any replay.
        v_result := ledger_book(jsonb_build_object('refusal', 'replay', 'idempotency', p_claims[i]::jsonb));
    END CASE;
    v_answers := v_answers || jsonb_build_object('result', v_result, 'recipientName', v_names[i]);
  END LOOP;
  RETURN to_jsonb(v_answers);
END;
$$;
--> statement-breakpoint
-- ledger_transfer_batch for senders some of whom were recalled from an app node's memory rather than
-- read (ledger/transfer.ts, TransferBooking.senderSession): p_tokens holds, per item, the session
-- token the sender was recalled by (NULL: read afresh) and p_names the name the booking carries. An
-- item is booked only if that session is still live and is its sender's, and the sender still active
-- and so named, as the app's session reader would find them now; any other answers
-- {"result": {"outcome": "sender_unverified"}} having claimed and moved nothing, and the app reads its
-- session afresh. The rest go to ledger_transfer_batch as one batch, in order. A function rather than
-- the app's statement so that its plans are generic too: planned on each call, the check cost more
-- than itself. ledger_sender_live is the check, for the lone statement (ledger/transfer.ts) too.
CREATE OR REPLACE FUNCTION ledger_sender_live(p_token text, p_sender text, p_name text)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- PL/pgSQL, not SQL: a SQL function with a subquery is not inlined, and its body was planned again
  -- for every statement that called it (bench/instructions.mjs: 0.7M instructions a call).
  IF p_token IS NULL THEN
    RETURN true;
  END IF;
  RETURN EXISTS (SELECT FROM sessions s JOIN users u ON u.id = s.user_id
                  WHERE s.token = p_token AND s.user_id = p_sender AND s.expires_at > now() AND u.is_active
                    AND u.name = p_name);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transfer_batch_checked(p_senders text[], p_bookings text[], p_emails text[],
    p_claims text[], p_prefixes text[], p_tokens text[], p_names text[])
RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_live boolean[];
  v_kept int[];
  v_answers jsonb;
  v_out jsonb[] := '{}';
  v_next int := 0;
BEGIN
  IF cardinality(p_tokens) IS DISTINCT FROM cardinality(p_senders)
      OR cardinality(p_names) IS DISTINCT FROM cardinality(p_senders) THEN
    RAISE EXCEPTION 'one token and one name per transfer (NULL: read afresh)' USING ERRCODE = '22023';
  END IF;
  SELECT array_agg(ledger_sender_live(x.token, x.sender, x.name) ORDER BY x.n)
    INTO v_live
    FROM unnest(p_senders, p_tokens, p_names) WITH ORDINALITY AS x(sender, token, name, n);
  IF false <> ALL (COALESCE(v_live, '{}')) THEN
    RETURN ledger_transfer_batch(p_senders, p_bookings, p_emails, p_claims, p_prefixes);
  END IF;

  v_kept := ARRAY(SELECT i FROM generate_subscripts(v_live, 1) AS i WHERE v_live[i] ORDER BY i);
  IF cardinality(v_kept) > 0 THEN
    v_answers := ledger_transfer_batch(
      ARRAY(SELECT p_senders[i] FROM unnest(v_kept) WITH ORDINALITY AS k(i, o) ORDER BY o),
      ARRAY(SELECT p_bookings[i] FROM unnest(v_kept) WITH ORDINALITY AS k(i, o) ORDER BY o),
      ARRAY(SELECT p_emails[i] FROM unnest(v_kept) WITH ORDINALITY AS k(i, o) ORDER BY o),
      ARRAY(SELECT p_claims[i] FROM unnest(v_kept) WITH ORDINALITY AS k(i, o) ORDER BY o),
      ARRAY(SELECT p_prefixes[i] FROM unnest(v_kept) WITH ORDINALITY AS k(i, o) ORDER BY o));
  END IF;
  FOR i IN 1..cardinality(v_live) LOOP
    IF v_live[i] THEN
      v_out := v_out || (v_answers -> v_next);
      v_next := v_next + 1;
    ELSE
      v_out := v_out || '{"result": {"outcome": "sender_unverified"}, "recipientName": null}'::jsonb;
    END IF;
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
