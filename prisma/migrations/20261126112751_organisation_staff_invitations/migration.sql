-- Issue 13 point 1: invitations to an organisation's staff (a hashed single-use link, like a club collaborator's).

-- CreateTable
CREATE TABLE "organisation_staff_invitations" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "OrganisationRole" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organisation_staff_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organisation_staff_invitations_token_hash_key" ON "organisation_staff_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "organisation_staff_invitations_organisation_id_accepted_at__idx" ON "organisation_staff_invitations"("organisation_id", "accepted_at", "revoked_at");

-- AddForeignKey
ALTER TABLE "organisation_staff_invitations" ADD CONSTRAINT "organisation_staff_invitations_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
