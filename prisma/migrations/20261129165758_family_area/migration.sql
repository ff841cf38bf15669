-- CreateEnum
CREATE TYPE "FamilyRequestStatus" AS ENUM ('in_attesa', 'approvata', 'rifiutata');

-- CreateTable
CREATE TABLE "person_change_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "changes" JSONB NOT NULL,
    "status" "FamilyRequestStatus" NOT NULL DEFAULT 'in_attesa',
    "requested_by_account_id" UUID,
    "requested_by" TEXT NOT NULL,
    "reason" TEXT,
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "person_change_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certificate_submissions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "type" "MedicalCertificateType" NOT NULL,
    "sport" TEXT,
    "issued_on" DATE NOT NULL,
    "expires_on" DATE NOT NULL,
    "issuer" TEXT,
    "file_id" UUID NOT NULL,
    "status" "FamilyRequestStatus" NOT NULL DEFAULT 'in_attesa',
    "submitted_by_account_id" UUID,
    "submitted_by" TEXT NOT NULL,
    "reason" TEXT,
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "certificate_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "certificate_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "person_change_requests_club_id_status_created_at_idx" ON "person_change_requests"("club_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "person_change_requests_person_id_idx" ON "person_change_requests"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "certificate_submissions_file_id_key" ON "certificate_submissions"("file_id");

-- CreateIndex
CREATE INDEX "certificate_submissions_club_id_status_created_at_idx" ON "certificate_submissions"("club_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "certificate_submissions_person_id_idx" ON "certificate_submissions"("person_id");

-- AddForeignKey
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_change_requests" ADD CONSTRAINT "person_change_requests_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificate_submissions" ADD CONSTRAINT "certificate_submissions_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificate_submissions" ADD CONSTRAINT "certificate_submissions_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificate_submissions" ADD CONSTRAINT "certificate_submissions_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Both requests belong to their person's club (and the certificate's file to it too): the services check it first;
-- this keeps any other path from linking two clubs.
CREATE FUNCTION "person_change_requests_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" p WHERE p."id" = NEW."person_id" AND p."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a person_change_requests row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "person_change_requests_same_club" BEFORE INSERT OR UPDATE OF "club_id", "person_id" ON "person_change_requests"
FOR EACH ROW EXECUTE FUNCTION "person_change_requests_same_club"();

CREATE FUNCTION "certificate_submissions_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" p WHERE p."id" = NEW."person_id" AND p."club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "stored_files" f WHERE f."id" = NEW."file_id" AND f."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a certificate_submissions row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "certificate_submissions_same_club" BEFORE INSERT OR UPDATE OF "club_id", "person_id", "file_id" ON "certificate_submissions"
FOR EACH ROW EXECUTE FUNCTION "certificate_submissions_same_club"();
