-- Lists sort by a folded "lastname firstname" key and search a copy of the folded search text on person_roles
-- itself, so a page is one index walk of one table instead of a join with people sorted and counted twice.
-- people.sort_name is written by the application with search_text, and triggers copy both to every role.

-- "C" collation: byte order of the folded key, so "rossi" sorts before "rossini" and comparisons stay cheap.
ALTER TABLE "people" ADD COLUMN     "sort_name" TEXT COLLATE "C" NOT NULL DEFAULT '';

ALTER TABLE "person_roles" ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "sort_name" TEXT COLLATE "C" DEFAULT '';

-- Existing rows: the same folding as foldText (lower case, accents removed, single spaces).
UPDATE "people"
SET "sort_name" = btrim(regexp_replace(lower(unaccent("lastname" || ' ' || "firstname")), '\s+', ' ', 'g'));

UPDATE "person_roles" r
SET "search_text" = p."search_text", "sort_name" = p."sort_name"
FROM "people" p
WHERE p."id" = r."person_id";

CREATE FUNCTION "person_roles_copy_person_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."search_text", p."sort_name" INTO NEW."search_text", NEW."sort_name"
  FROM "people" p WHERE p."id" = NEW."person_id";
  RETURN NEW;
END;
$$;

CREATE TRIGGER "person_roles_copy_person_keys"
BEFORE INSERT OR UPDATE OF "person_id", "search_text", "sort_name" ON "person_roles"
FOR EACH ROW EXECUTE FUNCTION "person_roles_copy_person_keys"();

CREATE FUNCTION "people_push_keys_to_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "person_roles"
  SET "search_text" = NEW."search_text", "sort_name" = NEW."sort_name"
  WHERE "person_id" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "people_push_keys_to_roles"
AFTER UPDATE OF "search_text", "sort_name" ON "people"
FOR EACH ROW
WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."sort_name" IS DISTINCT FROM NEW."sort_name")
EXECUTE FUNCTION "people_push_keys_to_roles"();

-- CreateIndex
CREATE INDEX "person_roles_club_id_kind_sort_name_id_idx" ON "person_roles"("club_id", "kind", "sort_name", "id");

-- CreateIndex
CREATE INDEX "person_roles_search_text_trgm_idx" ON "person_roles" USING GIN ("search_text" gin_trgm_ops);
