-- Issue 13: the change feed organisations sync from (person_role_changes) and the log of their API requests
-- (api_requests, api_request_clubs). The feed is kept by statement triggers, one set-based upsert per statement
-- whatever its size (an import writes 100,000 roles in one statement): the writing transaction's id and time per
-- role, and `deleted` when the role goes. A statement that touches a role already recorded by this transaction
-- writes nothing again.

-- CreateTable
CREATE TABLE "person_role_changes" (
    "role_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "kind" "PersonKind" NOT NULL,
    "change_xid" BIGINT NOT NULL,
    "created_xid" BIGINT,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "person_role_changes_pkey" PRIMARY KEY ("role_id")
);

-- CreateTable
CREATE TABLE "api_requests" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "organisation_id" UUID NOT NULL,
    "key_id" UUID NOT NULL,
    "key_prefix" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "cost" INTEGER NOT NULL,
    "rows" INTEGER NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "outcome" TEXT NOT NULL,
    "ip" TEXT,

    CONSTRAINT "api_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_request_clubs" (
    "request_id" BIGINT NOT NULL,
    "club_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "rows" INTEGER NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "api_request_clubs_pkey" PRIMARY KEY ("request_id","club_id")
);

-- CreateIndex
CREATE INDEX "person_role_changes_change_xid_role_id_idx" ON "person_role_changes"("change_xid", "role_id");

-- CreateIndex
CREATE INDEX "person_role_changes_club_id_change_xid_role_id_idx" ON "person_role_changes"("club_id", "change_xid", "role_id");

-- CreateIndex
CREATE INDEX "person_role_changes_changed_at_idx" ON "person_role_changes"("changed_at");

-- CreateIndex
CREATE INDEX "api_requests_organisation_id_at_idx" ON "api_requests"("organisation_id", "at" DESC);

-- CreateIndex
CREATE INDEX "api_requests_at_idx" ON "api_requests"("at");

-- CreateIndex
CREATE INDEX "api_request_clubs_club_id_at_idx" ON "api_request_clubs"("club_id", "at" DESC);

-- AddForeignKey
ALTER TABLE "person_role_changes" ADD CONSTRAINT "person_role_changes_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_requests" ADD CONSTRAINT "api_requests_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_request_clubs" ADD CONSTRAINT "api_request_clubs_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "api_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_request_clubs" ADD CONSTRAINT "api_request_clubs_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- ---- the feed's triggers ----------------------------------------------------------------------------------------

CREATE FUNCTION "record_role_changes"(role_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "person_role_changes" ("role_id", "club_id", "person_id", "kind", "change_xid", "created_xid", "changed_at", "deleted")
  SELECT r."id", r."club_id", r."person_id", r."kind", pg_current_xact_id()::text::bigint, pg_current_xact_id()::text::bigint, now(), false
  FROM "person_roles" r WHERE r."id" = ANY(role_ids)
  ON CONFLICT ("role_id") DO UPDATE
    SET "club_id" = EXCLUDED."club_id", "person_id" = EXCLUDED."person_id", "kind" = EXCLUDED."kind",
        "change_xid" = EXCLUDED."change_xid", "changed_at" = EXCLUDED."changed_at", "deleted" = false
    WHERE "person_role_changes"."change_xid" <> EXCLUDED."change_xid" OR "person_role_changes"."deleted";
$$;

CREATE FUNCTION "person_roles_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "person_role_changes" c SET "deleted" = true, "change_xid" = pg_current_xact_id()::text::bigint, "changed_at" = now()
    FROM old_rows o WHERE c."role_id" = o."id";
  ELSE
    PERFORM "record_role_changes"(ARRAY(SELECT "id" FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "person_roles_feed_insert" AFTER INSERT ON "person_roles"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "person_roles_feed"();
CREATE TRIGGER "person_roles_feed_update" AFTER UPDATE ON "person_roles"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "person_roles_feed"();
CREATE TRIGGER "person_roles_feed_delete" AFTER DELETE ON "person_roles"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "person_roles_feed"();

-- A person's change is a change of each of their roles.
CREATE FUNCTION "people_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_role_changes"(ARRAY(SELECT r."id" FROM "person_roles" r JOIN new_rows n ON r."person_id" = n."id"));
  RETURN NULL;
END;
$$;
CREATE TRIGGER "people_feed_update" AFTER UPDATE ON "people"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_feed"();

-- An address belongs to one person (people.address_id is unique).
CREATE FUNCTION "addresses_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_role_changes"(ARRAY(
    SELECT r."id" FROM "person_roles" r JOIN "people" p ON r."person_id" = p."id" JOIN new_rows n ON p."address_id" = n."id"));
  RETURN NULL;
END;
$$;
CREATE TRIGGER "addresses_feed_update" AFTER UPDATE ON "addresses"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "addresses_feed"();

-- Details (the medical certificate's dates) and group memberships (categories) are part of the role.
CREATE FUNCTION "role_part_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "record_role_changes"(ARRAY(SELECT DISTINCT "role_id" FROM old_rows));
  ELSE
    PERFORM "record_role_changes"(ARRAY(SELECT DISTINCT "role_id" FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "athlete_details_feed_insert" AFTER INSERT ON "athlete_details"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "role_part_feed"();
CREATE TRIGGER "athlete_details_feed_update" AFTER UPDATE ON "athlete_details"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "role_part_feed"();
CREATE TRIGGER "group_members_feed_insert" AFTER INSERT ON "group_members"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "role_part_feed"();
CREATE TRIGGER "group_members_feed_delete" AFTER DELETE ON "group_members"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "role_part_feed"();

-- The roles that exist now, as changed by this migration.
INSERT INTO "person_role_changes" ("role_id", "club_id", "person_id", "kind", "change_xid", "changed_at")
SELECT "id", "club_id", "person_id", "kind", pg_current_xact_id()::text::bigint, now() FROM "person_roles";
