-- A list filter "StartsWith" on these properties compares lower(column) LIKE 'prefix%', which a
-- btree over lower(column) with text_pattern_ops answers as one range. The trigram indexes
-- (0010) serve Contains; for a prefix they read the posting lists of trigrams that most rows
-- share ('ben', 'enc' of every "Bench …"), and without them an issuer prefix read every issuer.
CREATE INDEX IF NOT EXISTS users_username_prefix_idx ON users (lower(username) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS issuers_name_prefix_idx ON issuers (lower(name) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS issuers_key_prefix_idx ON issuers (lower(issuer_key) text_pattern_ops);
