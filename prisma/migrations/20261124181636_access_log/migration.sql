-- CreateTable
CREATE TABLE "access_log" (
    "id" BIGSERIAL NOT NULL,
    "club_id" UUID,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_account_id" UUID,
    "actor_name" TEXT,
    "actor_email" TEXT,
    "action" TEXT NOT NULL,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "entity_label" TEXT,
    "person_id" UUID,
    "detail" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "access_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "access_log_club_id_at_id_idx" ON "access_log"("club_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "access_log_club_id_person_id_at_idx" ON "access_log"("club_id", "person_id", "at" DESC);

-- CreateIndex
CREATE INDEX "access_log_club_id_actor_account_id_at_idx" ON "access_log"("club_id", "actor_account_id", "at" DESC);

-- CreateIndex
CREATE INDEX "access_log_at_idx" ON "access_log"("at");

-- The access log is append-only, for every writer (the app, a script, raw SQL): an UPDATE, a TRUNCATE or the
-- DELETE of a row younger than the retention (24 months) fails with SQLSTATE 42501. The only deletion allowed is
-- the pruning of rows past the retention (pruneAccessLog in server/access/access-log.ts, at start and daily).
-- The retention is written here and in schema/access-log.ts (ACCESS_LOG_RETENTION_MONTHS), which a test keeps equal.
CREATE FUNCTION "access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."at" < now() - interval '24 months' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'access_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END;
$$;

CREATE TRIGGER "access_log_append_only" BEFORE UPDATE OR DELETE ON "access_log"
FOR EACH ROW EXECUTE FUNCTION "access_log_append_only"();

CREATE TRIGGER "access_log_no_truncate" BEFORE TRUNCATE ON "access_log"
FOR EACH STATEMENT EXECUTE FUNCTION "access_log_append_only"();
