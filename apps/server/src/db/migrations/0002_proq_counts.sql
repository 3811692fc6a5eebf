-- Custom SQL migration file, put your code below! --
-- Statement-level triggers keep per (command_type, state) count changes in
-- proq_command_count_deltas, so the monitoring calls never count the commands table.
-- drizzle-kit cannot express triggers; this file is the hand-written part of the ProQ schema.
CREATE FUNCTION proq_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proq_command_count_deltas (command_type, state, delta)
  SELECT command_type, state, count(*) FROM proq_new_rows GROUP BY command_type, state;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION proq_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proq_command_count_deltas (command_type, state, delta)
  SELECT command_type, state, sum(d) FROM (
    SELECT command_type, state, 1 AS d FROM proq_new_rows
    UNION ALL
    SELECT command_type, state, -1 AS d FROM proq_old_rows
  ) changes
  GROUP BY command_type, state
  HAVING sum(d) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION proq_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proq_command_count_deltas (command_type, state, delta)
  SELECT command_type, state, -count(*) FROM proq_old_rows GROUP BY command_type, state;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER proq_commands_count_insert AFTER INSERT ON proq_commands
  REFERENCING NEW TABLE AS proq_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION proq_count_inserted();
--> statement-breakpoint
CREATE TRIGGER proq_commands_count_update AFTER UPDATE ON proq_commands
  REFERENCING OLD TABLE AS proq_old_rows NEW TABLE AS proq_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION proq_count_updated();
--> statement-breakpoint
CREATE TRIGGER proq_commands_count_delete AFTER DELETE ON proq_commands
  REFERENCING OLD TABLE AS proq_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION proq_count_deleted();
