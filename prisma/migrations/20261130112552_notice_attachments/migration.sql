-- CreateTable
CREATE TABLE "notice_attachments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "notice_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "notice_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "notice_attachments_file_id_key" ON "notice_attachments"("file_id");

-- CreateIndex
CREATE INDEX "notice_attachments_notice_id_idx" ON "notice_attachments"("notice_id");

-- AddForeignKey
ALTER TABLE "notice_attachments" ADD CONSTRAINT "notice_attachments_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_attachments" ADD CONSTRAINT "notice_attachments_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_attachments" ADD CONSTRAINT "notice_attachments_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An attachment's notice and file belong to the row's club.
CREATE FUNCTION "notice_attachments_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "notices" WHERE "id" = NEW."notice_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "stored_files" WHERE "id" = NEW."file_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a notice_attachments row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "notice_attachments_same_club" BEFORE INSERT OR UPDATE ON "notice_attachments" FOR EACH ROW EXECUTE FUNCTION "notice_attachments_same_club"();
