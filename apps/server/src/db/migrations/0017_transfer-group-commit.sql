-- Group commit for transfers (decision 014): ledger_transfer_batch books many transfers in one
-- transaction, each through ledger_book in a subtransaction of its own. Nothing else changes.
-- The block between the markers is apps/server/src/ledger/transfer-batch.sql verbatim (book-source.test.ts).
-- >>> ledger/transfer-batch.sql
-- Group commit for transfers (decision 014): many transfers booked in one transaction, so they share
-- one commit, one WAL flush and one pass through NOTIFY's commit-time lock, while each keeps its own
-- Idempotency-Key, its own answer and its own failure. ledger/transfer-batch.ts is its only caller;
-- migrations install this file verbatim between markers (book-source.test.ts checks the newest one).
-- The booking rule stays ledger_book's (book.sql): this function only calls it, once per transfer.
--
-- Item i of the batch is the lone transfer statement's parameters (ledger/transfer.ts), one array
-- each: the sender's id, the booking as a format() template whose holes take the recipient's id and
-- the sender's history wording, the recipient's e-mail as typed, the idempotency claim (JSON, for a
-- refusal's key check) and the wording's prefix. Answers a JSON array, item by item, in order:
--   {"result": <ledger_book's answer>, "recipientName"}
--   {"result": {"outcome": "insufficient", "detail": <ML001's DETAIL>}}        an uncovered debit
--   {"result": {"outcome": "failed", "sqlstate", "message"}}                  any other error of it
-- Each transfer runs in a subtransaction (a BEGIN ... EXCEPTION block), so its failure rolls back
-- only its own key claim and rows; the others commit. A batch holds at most 64 transfers, the
-- subtransaction ids a backend caches (PGPROC_MAX_CACHED_SUBXIDS): past that, every snapshot in the
-- cluster would look subtransactions up in pg_subtrans.
--
-- Lock order: ledger_book locks one booking's user accounts in (user, kind) order, but in one
-- transaction the locks of successive bookings add up, and two batches taking the same accounts in
-- different item orders would deadlock. So every balance the batch may move is locked first, in one
-- statement, in (user, kind) order: every batch, and every lone booking, then takes its locks in the
-- same global order, and no two of them can wait on each other in a circle. The bookings that follow
-- find their rows already held by their own transaction and wait for nothing. (An Idempotency-Key
-- claimed at once by two transactions is the one wait left after the accounts; the app never puts
-- one key in two batches at once, and were it to happen across nodes, PostgreSQL would detect the
-- deadlock, fail that one item with 40P01, and the app would run it again.)
CREATE OR REPLACE FUNCTION ledger_transfer_batch(p_senders text[], p_bookings text[], p_emails text[],
    p_claims text[], p_prefixes text[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_count int := COALESCE(cardinality(p_senders), 0);
  v_recipients text[];
  v_names text[];
  v_users text[];
  v_result jsonb;
  v_answers jsonb[] := '{}';
  v_state text;
  v_message text;
  v_detail text;
BEGIN
  IF v_count > 64 OR cardinality(p_bookings) IS DISTINCT FROM v_count OR cardinality(p_emails) IS DISTINCT FROM v_count
      OR cardinality(p_claims) IS DISTINCT FROM v_count OR cardinality(p_prefixes) IS DISTINCT FROM v_count THEN
    RAISE EXCEPTION 'a batch is 1 to 64 transfers, one value of each parameter per transfer' USING ERRCODE = '22023';
  END IF;

  -- Each recipient as the lone statement finds it: an active account holder of role 'user'.
  SELECT array_agg(r.id ORDER BY x.n), array_agg(r.name ORDER BY x.n)
    INTO v_recipients, v_names
    FROM unnest(p_emails) WITH ORDINALITY AS x(email, n)
    LEFT JOIN LATERAL (
      SELECT u.id, u.name FROM users u
        WHERE lower(u.email) = lower(btrim(x.email)) AND u.role = 'user' AND u.is_active LIMIT 1
    ) r ON true;

  -- Every balance the batch may move (both sides of each transfer that will be tried), locked in
  -- (user, kind) order before any booking: see the lock order above.
  SELECT array_agg(DISTINCT u) INTO v_users
    FROM unnest(p_senders, v_recipients) AS x(sender, recipient)
    CROSS JOIN LATERAL unnest(ARRAY[x.sender, x.recipient]) AS u
    WHERE x.recipient IS NOT NULL AND x.recipient <> x.sender;
  PERFORM 1 FROM accounts a
    WHERE a.user_id = ANY (v_users) AND a.kind = 'balance'
    ORDER BY a.user_id, a.kind
    FOR NO KEY UPDATE;

  FOR i IN 1..v_count LOOP
    BEGIN
      v_result := ledger_book(CASE
          WHEN v_recipients[i] IS NULL OR v_recipients[i] = p_senders[i] THEN jsonb_build_object(
            'refusal', CASE WHEN v_recipients[i] IS NULL THEN 'recipient_not_found' ELSE 'self_transfer' END,
            'idempotency', p_claims[i]::jsonb)
          ELSE format(p_bookings[i], to_json(v_recipients[i]), to_json(p_prefixes[i] || v_names[i]))::jsonb
        END);
    EXCEPTION
      WHEN SQLSTATE 'ML001' THEN
        GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
        v_result := jsonb_build_object('outcome', 'insufficient', 'detail', v_detail);
      WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT;
        v_result := jsonb_build_object('outcome', 'failed', 'sqlstate', v_state, 'message', v_message);
    END;
    v_answers := v_answers || jsonb_build_object('result', v_result, 'recipientName', v_names[i]);
  END LOOP;
  RETURN to_jsonb(v_answers);
END;
$$;
-- <<< ledger/transfer-batch.sql
