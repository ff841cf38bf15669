-- Affiliations of clubs to organisations (issue 13 point 2): in force only with both sides agreed, for the data
-- scopes the club consented to; their history.

-- CreateEnum
CREATE TYPE "AffiliationStatus" AS ENUM ('pending', 'active', 'rejected', 'revoked');

-- CreateTable
CREATE TABLE "affiliations" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "status" "AffiliationStatus" NOT NULL,
    "requested_by" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "minors_contacts" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "affiliations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "affiliation_events" (
    "id" UUID NOT NULL,
    "affiliation_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "account_id" UUID,
    "action" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "minors_contacts" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "affiliation_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "affiliations_club_id_idx" ON "affiliations"("club_id");

-- CreateIndex
CREATE UNIQUE INDEX "affiliations_organisation_id_club_id_key" ON "affiliations"("organisation_id", "club_id");

-- CreateIndex
CREATE INDEX "affiliation_events_affiliation_id_created_at_idx" ON "affiliation_events"("affiliation_id", "created_at");

-- CreateIndex
CREATE INDEX "affiliation_events_club_id_idx" ON "affiliation_events"("club_id");

-- AddForeignKey
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "affiliation_events" ADD CONSTRAINT "affiliation_events_affiliation_id_fkey" FOREIGN KEY ("affiliation_id") REFERENCES "affiliations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "affiliation_events" ADD CONSTRAINT "affiliation_events_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "affiliation_events" ADD CONSTRAINT "affiliation_events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
