-- CreateTable
CREATE TABLE "person_role_counts" (
    "club_id" UUID NOT NULL,
    "kind" "PersonKind" NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "person_role_counts_pkey" PRIMARY KEY ("club_id","kind","archived")
);

-- AddForeignKey
ALTER TABLE "person_role_counts" ADD CONSTRAINT "person_role_counts_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing roles.
INSERT INTO "person_role_counts" ("club_id", "kind", "archived", "total")
SELECT "club_id", "kind", "archived_at" IS NOT NULL, count(*) FROM "person_roles" GROUP BY 1, 2, 3;

-- One grouped upsert per statement (transition tables), not one per row: a bulk insert of 100k roles
-- touches each counter once. An update moves rows between counters (archiving) by adding the new rows and
-- taking away the old ones. (No semicolons in these comments: migration scripts are split on them.)
CREATE FUNCTION "person_role_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "person_role_counts" AS c ("club_id", "kind", "archived", "total")
    SELECT "club_id", "kind", "archived_at" IS NOT NULL, count(*) FROM "new_rows" GROUP BY 1, 2, 3
    ON CONFLICT ("club_id", "kind", "archived") DO UPDATE SET "total" = c."total" + EXCLUDED."total";
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "person_role_counts" c SET "total" = c."total" - d."n"
    FROM (SELECT "club_id", "kind", "archived_at" IS NOT NULL AS "archived", count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) d
    WHERE c."club_id" = d."club_id" AND c."kind" = d."kind" AND c."archived" = d."archived";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "person_role_counts_insert" AFTER INSERT ON "person_roles"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "person_role_counts_apply"();

CREATE TRIGGER "person_role_counts_update" AFTER UPDATE ON "person_roles"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "person_role_counts_apply"();

CREATE TRIGGER "person_role_counts_delete" AFTER DELETE ON "person_roles"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "person_role_counts_apply"();
