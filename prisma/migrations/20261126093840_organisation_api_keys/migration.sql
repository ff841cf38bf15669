-- API keys of organisations (issue 13 point 3): secrets stored only as SHA-256, scopes, an optional club list,
-- expiry, last use, revocation.

-- CreateTable
CREATE TABLE "organisation_api_keys" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "club_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organisation_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organisation_api_keys_secret_hash_key" ON "organisation_api_keys"("secret_hash");

-- CreateIndex
CREATE INDEX "organisation_api_keys_organisation_id_idx" ON "organisation_api_keys"("organisation_id");

-- AddForeignKey
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
