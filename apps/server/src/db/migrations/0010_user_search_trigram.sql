-- Contains / StartsWith / EndsWith filters become ILIKE patterns, which a b-tree cannot serve.
-- On PostgreSQL servers with pg_trgm, trigram indexes let those filters (and their counts) skip
-- the full scan. Embedded PGlite has no pg_trgm: there the block changes nothing.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: user search keeps sequential scans';
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS users_display_name_trgm_idx ON users USING gin (display_name gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS issuers_name_trgm_idx ON issuers USING gin (name gin_trgm_ops)';
END
$$;
