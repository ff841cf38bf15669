-- What every request's sign-in check reads (a session, its account's is_active, a membership, its club's archived_at
-- and require_two_factor_for_health) is cached in memory by each instance (server/auth/session-cache.ts). Any change
-- to those rows is announced here, by the database itself, so that every write path (the services, a script, an
-- older instance, SQL by hand) reaches every instance's cache: `pg_notify` on channel 'campobase_auth' with
-- '<kind>:<key>' of the changed row: a session's token hash (the cache's key: touches are frequent, so one is dropped
-- without a search), any other row's id. PostgreSQL delivers it when the transaction commits, to the writing
-- connection before its COMMIT completes and to the other instances' listeners right after.

CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('campobase_auth', 'session:' || OLD."token_hash");
  ELSE
    PERFORM pg_notify('campobase_auth', TG_ARGV[0] || ':' || OLD."id"::text);
  END IF;
  RETURN NULL;
END;
$$;

-- Sessions: revoked, expired, second factor passed or cleared, touched (last_used_at), deleted.
CREATE TRIGGER "sessions_auth_change" AFTER UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"('session');

-- Accounts: disabled (or enabled again), deleted.
CREATE TRIGGER "accounts_auth_change" AFTER UPDATE OF "is_active" OR DELETE ON "accounts"
FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"('account');

-- Memberships: role, coached groups or token changed, removed.
CREATE TRIGGER "memberships_auth_change" AFTER UPDATE OR DELETE ON "memberships"
FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"('membership');

-- Clubs: archived (or back), the two-factor rule changed, deleted.
CREATE TRIGGER "clubs_auth_change" AFTER UPDATE OF "archived_at", "require_two_factor_for_health" OR DELETE ON "clubs"
FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"('club');
