-- AlterTable
ALTER TABLE "mail_outbox" ADD COLUMN     "headers" JSONB;

-- AlterTable
ALTER TABLE "notice_recipients" ADD COLUMN     "bounce_reason" TEXT,
ADD COLUMN     "bounced_at" TIMESTAMPTZ(3),
ADD COLUMN     "skipped" TEXT;

-- AlterTable
ALTER TABLE "notices" ADD COLUMN     "recipient_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "required" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "person_mail_status" (
    "person_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "email" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "blocked_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "last_failure" TEXT,
    "last_failure_permanent" BOOLEAN,
    "notices_email_off_at" TIMESTAMPTZ(3),
    "complained_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "person_mail_status_pkey" PRIMARY KEY ("person_id")
);

-- CreateIndex
CREATE INDEX "person_mail_status_club_id_idx" ON "person_mail_status"("club_id");

-- CreateIndex
CREATE INDEX "notice_recipients_mail_id_idx" ON "notice_recipients"("mail_id");

-- AddForeignKey
ALTER TABLE "person_mail_status" ADD CONSTRAINT "person_mail_status_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_mail_status" ADD CONSTRAINT "person_mail_status_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The notices sent before the count existed: their recipient rows counted once.
UPDATE "notices" n SET "recipient_count" = (SELECT count(*) FROM "notice_recipients" r WHERE r."notice_id" = n."id");

-- A person's mail status belongs to the person's club.
CREATE FUNCTION "person_mail_status_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."person_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a person_mail_status row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "person_mail_status_same_club" BEFORE INSERT OR UPDATE ON "person_mail_status" FOR EACH ROW EXECUTE FUNCTION "person_mail_status_same_club"();
