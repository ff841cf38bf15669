-- CreateTable
CREATE TABLE "notices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "post_id" UUID,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "urgent" BOOLEAN NOT NULL DEFAULT false,
    "audience" JSONB NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" UUID,

    CONSTRAINT "notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notice_recipients" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "notice_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "for_person_ids" UUID[],
    "email" TEXT,
    "token_hash" TEXT NOT NULL,
    "emailed_at" TIMESTAMPTZ(3),
    "opened_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),

    CONSTRAINT "notice_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notices_club_id_sent_at_idx" ON "notices"("club_id", "sent_at");

-- CreateIndex
CREATE UNIQUE INDEX "notice_recipients_token_hash_key" ON "notice_recipients"("token_hash");

-- CreateIndex
CREATE INDEX "notice_recipients_person_id_idx" ON "notice_recipients"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "notice_recipients_notice_id_person_id_key" ON "notice_recipients"("notice_id", "person_id");

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notices" ADD CONSTRAINT "notices_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A notice's post, and a recipient's notice and person, belong to the row's club.
CREATE FUNCTION "notices_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."post_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "posts" WHERE "id" = NEW."post_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a notices row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "notices_same_club" BEFORE INSERT OR UPDATE ON "notices" FOR EACH ROW EXECUTE FUNCTION "notices_same_club"();

CREATE FUNCTION "notice_recipients_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "notices" WHERE "id" = NEW."notice_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."person_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a notice_recipients row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "notice_recipients_same_club" BEFORE INSERT OR UPDATE ON "notice_recipients" FOR EACH ROW EXECUTE FUNCTION "notice_recipients_same_club"();
