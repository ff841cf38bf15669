-- CreateEnum
CREATE TYPE "ConsentPurpose" AS ENUM ('trattamento_dati', 'dati_salute', 'foto_video', 'comunicazioni');

-- CreateTable
CREATE TABLE "privacy_notices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_by" UUID,

    CONSTRAINT "privacy_notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "purpose" "ConsentPurpose" NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "notice_id" UUID NOT NULL,
    "given_by_id" UUID,
    "given_on" DATE NOT NULL,
    "recorded_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawn_at" TIMESTAMPTZ(3),
    "withdrawn_by" UUID,

    CONSTRAINT "consents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "privacy_notices_club_id_version_key" ON "privacy_notices"("club_id", "version");

-- CreateIndex
CREATE INDEX "consents_person_id_purpose_created_at_idx" ON "consents"("person_id", "purpose", "created_at");

-- CreateIndex
CREATE INDEX "consents_club_id_purpose_idx" ON "consents"("club_id", "purpose");

-- AddForeignKey
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consents" ADD CONSTRAINT "consents_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consents" ADD CONSTRAINT "consents_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consents" ADD CONSTRAINT "consents_given_by_id_fkey" FOREIGN KEY ("given_by_id") REFERENCES "people"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consents" ADD CONSTRAINT "consents_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "privacy_notices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A notice's versions are evidence: never edited (a new text is a new version).
CREATE FUNCTION "privacy_notices_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a privacy notice version is never edited: publish a new one' USING ERRCODE = '55000';
END;
$$;
CREATE TRIGGER "privacy_notices_unchanged" BEFORE UPDATE ON "privacy_notices" FOR EACH ROW EXECUTE FUNCTION "privacy_notices_unchanged"();

-- A consent's subject, giver and notice belong to its club (the services check it first).
CREATE FUNCTION "consents_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" p WHERE p."id" IN (NEW."person_id", NEW."given_by_id") AND p."club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "privacy_notices" n WHERE n."id" = NEW."notice_id" AND n."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a consents row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "consents_same_club" BEFORE INSERT OR UPDATE OF "club_id", "person_id", "given_by_id", "notice_id" ON "consents"
FOR EACH ROW EXECUTE FUNCTION "consents_same_club"();
