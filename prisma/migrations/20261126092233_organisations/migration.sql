-- Organisations above clubs (issue 13 point 1): federations, EPS, regional committees, leagues in a tree, and
-- their staff accounts (admin, reader). Created by `npm run organisation:create`.

-- CreateEnum
CREATE TYPE "OrganisationKind" AS ENUM ('federation', 'eps', 'committee', 'league');

-- CreateEnum
CREATE TYPE "OrganisationRole" AS ENUM ('admin', 'reader');

-- CreateTable
CREATE TABLE "organisations" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "OrganisationKind" NOT NULL,
    "code" TEXT NOT NULL,
    "parent_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organisations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organisation_staff" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "role" "OrganisationRole" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organisation_staff_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organisations_code_key" ON "organisations"("code");

-- CreateIndex
CREATE INDEX "organisations_parent_id_idx" ON "organisations"("parent_id");

-- CreateIndex
CREATE INDEX "organisation_staff_account_id_idx" ON "organisation_staff"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "organisation_staff_organisation_id_account_id_key" ON "organisation_staff"("organisation_id", "account_id");

-- AddForeignKey
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_staff" ADD CONSTRAINT "organisation_staff_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_staff" ADD CONSTRAINT "organisation_staff_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
