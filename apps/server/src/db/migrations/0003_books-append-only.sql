-- The books are append-only: entries and journals can be added, never changed or removed.
CREATE FUNCTION books_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH STATEMENT EXECUTE FUNCTION books_are_append_only();
--> statement-breakpoint
CREATE TRIGGER journals_append_only BEFORE UPDATE OR DELETE ON journals
  FOR EACH STATEMENT EXECUTE FUNCTION books_are_append_only();
--> statement-breakpoint
-- Every journal sums to zero, checked by the database when the transaction commits.
CREATE FUNCTION journal_sums_to_zero() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT COALESCE(SUM(amount_cents), 0) INTO total FROM entries WHERE journal_id = NEW.journal_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal % does not sum to zero (%)', NEW.journal_id, total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER entries_journal_balanced AFTER INSERT ON entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_sums_to_zero();
--> statement-breakpoint
INSERT INTO accounts (user_id, kind) VALUES
  (NULL, 'external'), (NULL, 'fee_revenue'), (NULL, 'profit_expense'), (NULL, 'bonus_expense');
