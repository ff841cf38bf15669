-- CreateEnum
CREATE TYPE "GuardianRelationship" AS ENUM ('genitore', 'tutore', 'altro');

-- AlterTable
ALTER TABLE "people" ALTER COLUMN "tax_id_code" DROP NOT NULL;

-- CreateTable
CREATE TABLE "guardianships" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "minor_id" UUID NOT NULL,
    "guardian_id" UUID NOT NULL,
    "relationship" "GuardianRelationship" NOT NULL,
    "can_pick_up" BOOLEAN NOT NULL DEFAULT true,
    "receives_communications" BOOLEAN NOT NULL DEFAULT true,
    "pays" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "guardianships_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "guardianships_guardian_id_idx" ON "guardianships"("guardian_id");

-- CreateIndex
CREATE INDEX "guardianships_club_id_idx" ON "guardianships"("club_id");

-- CreateIndex
CREATE UNIQUE INDEX "guardianships_minor_id_guardian_id_key" ON "guardianships"("minor_id", "guardian_id");

-- AddForeignKey
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_minor_id_fkey" FOREIGN KEY ("minor_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_guardian_id_fkey" FOREIGN KEY ("guardian_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person is not their own guardian, and both people belong to the guardianship's club (the services check it
-- first; this keeps any other path from linking two clubs).
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_not_self" CHECK ("minor_id" <> "guardian_id");

CREATE FUNCTION "guardianships_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" p WHERE p."id" IN (NEW."minor_id", NEW."guardian_id") AND p."club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a guardianships row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "guardianships_same_club" BEFORE INSERT OR UPDATE OF "club_id", "minor_id", "guardian_id" ON "guardianships"
FOR EACH ROW EXECUTE FUNCTION "guardianships_same_club"();
