-- Issue 33 point 2: the answer cache's change announcements without NOTIFY on PostgreSQL. PostgreSQL serialises the
-- commits of every transaction that sent a NOTIFY (one database-wide lock from before the commit record until it is
-- on disk), so each save waited for the previous save's flush, in any club. The triggers of 20261127120000 now
-- append one row per club and statement to club_data_changes instead: an INSERT takes no shared lock, and each
-- instance reads the rows committed since its last read in the session cache's catch-up round trip
-- (server/db/club-data-changes.ts), which every request already waits for before it is served from memory.
-- The embedded PGlite (one process, one session, nobody to contend with) keeps the NOTIFY, heard before the
-- statement completes: its start parameters set campobase.data_changes to 'notify' (server/db/adapters.ts).
-- A row with no club stands for every club (a table emptied by TRUNCATE). The rows are pruned by the readers
-- once every instance has read them. (No semicolons in these comments: migration scripts are split on them.)

CREATE TABLE "club_data_changes" (
    "id" BIGSERIAL NOT NULL,
    "club_id" UUID,
    "change_xid" BIGINT NOT NULL,

    CONSTRAINT "club_data_changes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "club_data_changes_change_xid_idx" ON "club_data_changes"("change_xid");

CREATE OR REPLACE FUNCTION "notify_club_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clubs uuid[];
  club uuid;
BEGIN
  -- Static statements, one per event and way (PL/pgSQL keeps their plans, per table).
  IF TG_ARGV[0] = 'role_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT r.club_id) INTO clubs FROM new_rows n JOIN person_roles r ON r.id = n.role_id;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT r.club_id) INTO clubs FROM old_rows o JOIN person_roles r ON r.id = o.role_id;
    ELSE
      SELECT array_agg(u.club_id) INTO clubs FROM (SELECT r.club_id FROM new_rows n JOIN person_roles r ON r.id = n.role_id UNION SELECT r.club_id FROM old_rows o JOIN person_roles r ON r.id = o.role_id) u;
    END IF;
  ELSIF TG_ARGV[0] = 'post_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT p.club_id) INTO clubs FROM new_rows n JOIN posts p ON p.id = n.post_id;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT p.club_id) INTO clubs FROM old_rows o JOIN posts p ON p.id = o.post_id;
    ELSE
      SELECT array_agg(u.club_id) INTO clubs FROM (SELECT p.club_id FROM new_rows n JOIN posts p ON p.id = n.post_id UNION SELECT p.club_id FROM old_rows o JOIN posts p ON p.id = o.post_id) u;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT n.club_id) INTO clubs FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT o.club_id) INTO clubs FROM old_rows o;
    ELSE
      SELECT array_agg(u.club_id) INTO clubs FROM (SELECT n.club_id FROM new_rows n UNION SELECT o.club_id FROM old_rows o) u;
    END IF;
  END IF;
  IF clubs IS NULL THEN
    RETURN NULL;
  END IF;
  IF current_setting('campobase.data_changes', true) = 'notify' THEN
    FOREACH club IN ARRAY clubs LOOP PERFORM pg_notify('campobase_data', club::text); END LOOP;
  ELSE
    INSERT INTO club_data_changes (club_id, change_xid) SELECT c, pg_current_xact_id()::text::bigint FROM unnest(clubs) c;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "notify_club_data_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('campobase.data_changes', true) = 'notify' THEN
    PERFORM pg_notify('campobase_data', '*');
  ELSE
    INSERT INTO club_data_changes (club_id, change_xid) VALUES (NULL, pg_current_xact_id()::text::bigint);
  END IF;
  RETURN NULL;
END;
$$;
