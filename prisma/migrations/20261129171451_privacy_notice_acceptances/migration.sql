-- CreateTable
CREATE TABLE "privacy_notice_acceptances" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "notice_id" UUID NOT NULL,
    "account_id" UUID,
    "email" TEXT NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "privacy_notice_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "privacy_notice_acceptances_account_id_idx" ON "privacy_notice_acceptances"("account_id");

-- CreateIndex
CREATE INDEX "privacy_notice_acceptances_club_id_idx" ON "privacy_notice_acceptances"("club_id");

-- CreateIndex
CREATE UNIQUE INDEX "privacy_notice_acceptances_notice_id_account_id_key" ON "privacy_notice_acceptances"("notice_id", "account_id");

-- AddForeignKey
ALTER TABLE "privacy_notice_acceptances" ADD CONSTRAINT "privacy_notice_acceptances_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "privacy_notice_acceptances" ADD CONSTRAINT "privacy_notice_acceptances_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "privacy_notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "privacy_notice_acceptances" ADD CONSTRAINT "privacy_notice_acceptances_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Evidence: an acceptance is never edited, and names a notice of its own club.
CREATE FUNCTION "privacy_notice_acceptances_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW."club_id", NEW."notice_id", NEW."email", NEW."accepted_at", NEW."ip", NEW."user_agent") IS DISTINCT FROM (OLD."club_id", OLD."notice_id", OLD."email", OLD."accepted_at", OLD."ip", OLD."user_agent") THEN
    RAISE EXCEPTION 'a privacy notice acceptance is never edited' USING ERRCODE = '23514';
  END IF;
  IF EXISTS (SELECT 1 FROM "privacy_notices" n WHERE n."id" = NEW."notice_id" AND n."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a privacy_notice_acceptances row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "privacy_notice_acceptances_guard" BEFORE INSERT OR UPDATE ON "privacy_notice_acceptances"
FOR EACH ROW EXECUTE FUNCTION "privacy_notice_acceptances_guard"();
