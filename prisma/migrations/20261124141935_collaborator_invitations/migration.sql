-- AlterTable
ALTER TABLE "memberships" ADD COLUMN     "group_ids" UUID[] DEFAULT ARRAY[]::UUID[];

-- CreateTable
CREATE TABLE "collaborator_invitations" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "MembershipRole" NOT NULL,
    "group_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "token_hash" TEXT NOT NULL,
    "invited_by_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "collaborator_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "collaborator_invitations_token_hash_key" ON "collaborator_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "collaborator_invitations_club_id_accepted_at_revoked_at_idx" ON "collaborator_invitations"("club_id", "accepted_at", "revoked_at");

-- AddForeignKey
ALTER TABLE "collaborator_invitations" ADD CONSTRAINT "collaborator_invitations_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaborator_invitations" ADD CONSTRAINT "collaborator_invitations_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collaborator_invitations" ADD CONSTRAINT "collaborator_invitations_accepted_by_id_fkey" FOREIGN KEY ("accepted_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
