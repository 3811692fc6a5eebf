-- The issuer list shows each issuer's first ten member usernames; reading them per page joined
-- every member of 25 issuers (1,250 user lookups: most of the call). They are now kept on the
-- issuer, with users_count, by statement-level triggers: a bulk change (an e-mail domain's users
-- joining at once) updates each issuer once instead of once per membership, which also kept
-- rewriting (and bloating) the issuers table.
ALTER TABLE "issuers" ADD COLUMN "member_usernames" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
DROP TRIGGER issuer_users_count ON issuer_users;--> statement-breakpoint
DROP FUNCTION issuer_users_count_trigger();--> statement-breakpoint
-- Recounts and rereads the first names of the given issuers.
CREATE FUNCTION issuer_members_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE issuers i SET
    users_count = (SELECT count(*)::int FROM issuer_users iu WHERE iu.issuer_id = i.id),
    member_usernames = ARRAY(SELECT u.username FROM issuer_users iu JOIN users u ON u.id = iu.user_id
      WHERE iu.issuer_id = i.id ORDER BY u.username LIMIT 10)
  WHERE i.id = ANY(ids)
$$;--> statement-breakpoint
-- New members: the first ten of the old first ten and the newcomers are the first ten of all.
CREATE FUNCTION issuer_users_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issuers i SET
    users_count = i.users_count + a.n,
    member_usernames = ARRAY(SELECT x FROM unnest(i.member_usernames || a.names) x ORDER BY x LIMIT 10)
  FROM (SELECT r.issuer_id, count(*)::int AS n, (array_agg(u.username ORDER BY u.username))[1:10] AS names
        FROM new_rows r JOIN users u ON u.id = r.user_id GROUP BY r.issuer_id) a
  WHERE i.id = a.issuer_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Members gone: counted down; the names are reread only where one of the first ten left (the
-- user row may be gone already when its deletion cascaded here).
CREATE FUNCTION issuer_users_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issuers i SET users_count = i.users_count - d.n
  FROM (SELECT issuer_id, count(*)::int AS n FROM old_rows GROUP BY issuer_id) d
  WHERE i.id = d.issuer_id;
  PERFORM issuer_members_refresh(ARRAY(
    SELECT i.id FROM issuers i
    WHERE i.id IN (SELECT issuer_id FROM old_rows)
      AND EXISTS (SELECT 1 FROM unnest(i.member_usernames) n
        WHERE NOT EXISTS (SELECT 1 FROM users u JOIN issuer_users iu ON iu.user_id = u.id
          WHERE u.username = n AND iu.issuer_id = i.id))));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A membership moved to another issuer or user (a role change moves nothing).
CREATE FUNCTION issuer_users_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM issuer_members_refresh(ARRAY(
    SELECT o.issuer_id FROM old_rows o WHERE NOT EXISTS
      (SELECT 1 FROM new_rows n WHERE n.issuer_id = o.issuer_id AND n.user_id = o.user_id)
    UNION
    SELECT n.issuer_id FROM new_rows n WHERE NOT EXISTS
      (SELECT 1 FROM old_rows o WHERE o.issuer_id = n.issuer_id AND o.user_id = n.user_id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION users_username_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM issuer_members_refresh(ARRAY(SELECT issuer_id FROM issuer_users WHERE user_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER issuer_users_inserted AFTER INSERT ON issuer_users
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issuer_users_inserted();--> statement-breakpoint
CREATE TRIGGER issuer_users_deleted AFTER DELETE ON issuer_users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION issuer_users_deleted();--> statement-breakpoint
CREATE TRIGGER issuer_users_updated AFTER UPDATE ON issuer_users
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issuer_users_updated();--> statement-breakpoint
CREATE TRIGGER users_username_changed AFTER UPDATE OF username ON users
FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_username_changed();--> statement-breakpoint
SELECT issuer_members_refresh(ARRAY(SELECT id FROM issuers));
