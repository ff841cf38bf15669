-- Identity and eligibility (issue 14): medical certificates with their history (the latest mirrored into the
-- athlete's legacy fields), the reminders sent about them (unique per certificate and threshold, so each is sent
-- once whatever the number of instances), the staff's daily digest, and the club's reminder settings.
-- CreateEnum
CREATE TYPE "MedicalCertificateType" AS ENUM ('agonistico', 'non_agonistico', 'ludico_motorio');

-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "certificate_reminder_days" INTEGER[] DEFAULT ARRAY[30, 14, 7, 0]::INTEGER[],
ADD COLUMN     "certificate_reminders_enabled" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "medical_certificates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "type" "MedicalCertificateType",
    "sport" TEXT,
    "issued_on" DATE,
    "expires_on" DATE NOT NULL,
    "issuer" TEXT,
    "file_id" UUID,
    "created_by_account_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "medical_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certificate_reminders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "certificate_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "days_before" INTEGER NOT NULL,
    "recipient" TEXT,
    "day" DATE NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,

    CONSTRAINT "certificate_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certificate_digests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "recipients" TEXT[],
    "reminders" INTEGER NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,

    CONSTRAINT "certificate_digests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "medical_certificates_file_id_key" ON "medical_certificates"("file_id");

-- CreateIndex
CREATE INDEX "medical_certificates_person_id_expires_on_idx" ON "medical_certificates"("person_id", "expires_on" DESC);

-- CreateIndex
CREATE INDEX "medical_certificates_club_id_expires_on_idx" ON "medical_certificates"("club_id", "expires_on");

-- CreateIndex
CREATE INDEX "certificate_reminders_club_id_claimed_at_idx" ON "certificate_reminders"("club_id", "claimed_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "certificate_reminders_certificate_id_days_before_key" ON "certificate_reminders"("certificate_id", "days_before");

-- CreateIndex
CREATE UNIQUE INDEX "certificate_digests_club_id_day_key" ON "certificate_digests"("club_id", "day");

-- AddForeignKey
ALTER TABLE "medical_certificates" ADD CONSTRAINT "medical_certificates_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "medical_certificates" ADD CONSTRAINT "medical_certificates_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "medical_certificates" ADD CONSTRAINT "medical_certificates_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_certificate_id_fkey" FOREIGN KEY ("certificate_id") REFERENCES "medical_certificates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificate_digests" ADD CONSTRAINT "certificate_digests_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The certificates already recorded through the legacy fields become the first entry of each athlete's history
-- (the legacy fields carry no issue date; type 1 is agonistico, 2 non agonistico, anything else unknown).
INSERT INTO "medical_certificates" ("club_id", "person_id", "type", "expires_on", "file_id")
SELECT r.club_id, r.person_id,
       CASE a.type_medical_examination_id WHEN 1 THEN 'agonistico'::"MedicalCertificateType" WHEN 2 THEN 'non_agonistico'::"MedicalCertificateType" END,
       a.medical_examination_expiration_date, a.medical_examination_document_id
FROM "athlete_details" a JOIN "person_roles" r ON r.id = a.role_id
WHERE a.medical_examination_expiration_date IS NOT NULL;
