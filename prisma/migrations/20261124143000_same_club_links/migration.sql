-- Rows that link two club-owned rows must link rows of one club: a role and its person, a group member's group
-- and role (and the member row's own club_id), a post's target group and the post. The services only ever link rows
-- they found through the club-scoped data access, so this is the database's own guarantee under that, for any
-- writer (a script, a future service, raw SQL). Checked by triggers (Prisma's schema has no cross-table CHECK).
-- A violation is SQLSTATE 23514 (check_violation).

CREATE FUNCTION "refuse_cross_club_link"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clubs uuid[];
BEGIN
  IF TG_TABLE_NAME = 'person_roles' THEN
    clubs := ARRAY[NEW."club_id", (SELECT "club_id" FROM "people" WHERE "id" = NEW."person_id")];
  ELSIF TG_TABLE_NAME = 'group_members' THEN
    clubs := ARRAY[NEW."club_id",
                   (SELECT "club_id" FROM "groups" WHERE "id" = NEW."group_id"),
                   (SELECT "club_id" FROM "person_roles" WHERE "id" = NEW."role_id")];
  ELSIF TG_TABLE_NAME = 'post_groups' THEN
    clubs := ARRAY[(SELECT "club_id" FROM "posts" WHERE "id" = NEW."post_id"),
                   (SELECT "club_id" FROM "groups" WHERE "id" = NEW."group_id")];
  END IF;
  -- A missing row is the foreign keys' business: only two known, different clubs are refused here.
  IF (SELECT count(DISTINCT c) FROM unnest(clubs) AS c WHERE c IS NOT NULL) > 1 THEN
    RAISE EXCEPTION 'a % row links rows of different clubs', TG_TABLE_NAME USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "person_roles_same_club" BEFORE INSERT OR UPDATE OF "club_id", "person_id" ON "person_roles"
FOR EACH ROW EXECUTE FUNCTION "refuse_cross_club_link"();

CREATE TRIGGER "group_members_same_club" BEFORE INSERT OR UPDATE OF "club_id", "group_id", "role_id" ON "group_members"
FOR EACH ROW EXECUTE FUNCTION "refuse_cross_club_link"();

CREATE TRIGGER "post_groups_same_club" BEFORE INSERT OR UPDATE OF "post_id", "group_id" ON "post_groups"
FOR EACH ROW EXECUTE FUNCTION "refuse_cross_club_link"();
