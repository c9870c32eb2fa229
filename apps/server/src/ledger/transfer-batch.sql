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
