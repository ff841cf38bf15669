-- AlterTable
ALTER TABLE "memberships" ADD COLUMN     "token_rotated_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "person_link_invitations" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by_id" UUID,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "person_link_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "person_link_invitations_token_hash_key" ON "person_link_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "person_link_invitations_person_id_idx" ON "person_link_invitations"("person_id");

-- CreateIndex
CREATE INDEX "person_link_invitations_club_id_idx" ON "person_link_invitations"("club_id");

-- AddForeignKey
ALTER TABLE "person_link_invitations" ADD CONSTRAINT "person_link_invitations_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_link_invitations" ADD CONSTRAINT "person_link_invitations_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_link_invitations" ADD CONSTRAINT "person_link_invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_link_invitations" ADD CONSTRAINT "person_link_invitations_accepted_by_id_fkey" FOREIGN KEY ("accepted_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Notifications used to reach whichever account claimed the person's tax code: keep them only for the account
-- the person record is linked to (none were linked before this migration, except by the demo seed).
UPDATE "notifications" AS n SET "account_id" = NULL
WHERE n."person_id" IS NOT NULL
  AND n."account_id" IS NOT NULL
  AND n."account_id" IS DISTINCT FROM (SELECT p."account_id" FROM "people" AS p WHERE p."id" = n."person_id");
