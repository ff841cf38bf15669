-- The same-club check of notice recipients, once per statement instead of twice per row: a notice to 5,000 people
-- inserts them in one statement, and the delivery's updates (claims, mailed, opened) never change the links, so they
-- need no check at all. A cross-club row is still refused with check_violation and stores nothing.
DROP TRIGGER "notice_recipients_same_club" ON "notice_recipients";

CREATE FUNCTION "notice_recipients_same_club_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted r JOIN "notices" n ON n."id" = r."notice_id" WHERE n."club_id" <> r."club_id")
     OR EXISTS (SELECT 1 FROM inserted r JOIN "people" p ON p."id" = r."person_id" WHERE p."club_id" <> r."club_id") THEN
    RAISE EXCEPTION 'a notice_recipients row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "notice_recipients_same_club_inserted" AFTER INSERT ON "notice_recipients"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "notice_recipients_same_club_inserted"();

-- An update that changes a link is checked row by row, as before.
CREATE TRIGGER "notice_recipients_same_club" BEFORE UPDATE OF "club_id", "notice_id", "person_id" ON "notice_recipients"
  FOR EACH ROW EXECUTE FUNCTION "notice_recipients_same_club"();
