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
