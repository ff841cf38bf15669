-- CreateEnum
CREATE TYPE "FeeKind" AS ENUM ('quota_associativa', 'corso', 'kit', 'altro');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('contanti', 'bonifico', 'pos', 'sepa');

-- AlterEnum
ALTER TYPE "MembershipRole" ADD VALUE 'tesoriere';

-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "stamp_duty_exempt" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "fee_plans" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "FeeKind" NOT NULL,
    "sport" TEXT,
    "second_child_percent" INTEGER NOT NULL DEFAULT 0,
    "third_child_percent" INTEGER NOT NULL DEFAULT 0,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fee_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fee_plan_instalments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "due_on" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,

    CONSTRAINT "fee_plan_instalments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "charges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "plan_id" UUID,
    "instalment_id" UUID,
    "description" TEXT NOT NULL,
    "due_on" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "discount_cents" INTEGER NOT NULL DEFAULT 0,
    "discount_reason" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancel_reason" TEXT,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "charges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "payer_id" UUID NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "paid_on" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "reference" TEXT,
    "note" TEXT,
    "refund_of_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_allocations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "charge_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,

    CONSTRAINT "payment_allocations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "receipts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "payment_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "payer_id" UUID NOT NULL,
    "issued_on" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "pdf_file_id" UUID,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancel_reason" TEXT,
    "replaced_by_id" UUID,
    "emailed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "receipts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "receipt_counters" (
    "club_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "receipt_counters_pkey" PRIMARY KEY ("club_id","year")
);

-- CreateIndex
CREATE UNIQUE INDEX "fee_plans_club_id_season_id_name_key" ON "fee_plans"("club_id", "season_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "fee_plan_instalments_plan_id_position_key" ON "fee_plan_instalments"("plan_id", "position");

-- CreateIndex
CREATE INDEX "charges_club_id_due_on_idx" ON "charges"("club_id", "due_on");

-- CreateIndex
CREATE INDEX "charges_person_id_idx" ON "charges"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "charges_instalment_id_person_id_key" ON "charges"("instalment_id", "person_id");

-- CreateIndex
CREATE INDEX "payments_club_id_paid_on_idx" ON "payments"("club_id", "paid_on");

-- CreateIndex
CREATE INDEX "payments_payer_id_idx" ON "payments"("payer_id");

-- CreateIndex
CREATE INDEX "payment_allocations_charge_id_idx" ON "payment_allocations"("charge_id");

-- CreateIndex
CREATE INDEX "payment_allocations_payment_id_idx" ON "payment_allocations"("payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "receipts_pdf_file_id_key" ON "receipts"("pdf_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "receipts_replaced_by_id_key" ON "receipts"("replaced_by_id");

-- CreateIndex
CREATE INDEX "receipts_payment_id_idx" ON "receipts"("payment_id");

-- CreateIndex
CREATE INDEX "receipts_person_id_idx" ON "receipts"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "receipts_club_id_year_number_key" ON "receipts"("club_id", "year", "number");

-- AddForeignKey
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "club_seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fee_plan_instalments" ADD CONSTRAINT "fee_plan_instalments_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fee_plan_instalments" ADD CONSTRAINT "fee_plan_instalments_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "fee_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charges" ADD CONSTRAINT "charges_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charges" ADD CONSTRAINT "charges_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charges" ADD CONSTRAINT "charges_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "club_seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charges" ADD CONSTRAINT "charges_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "fee_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charges" ADD CONSTRAINT "charges_instalment_id_fkey" FOREIGN KEY ("instalment_id") REFERENCES "fee_plan_instalments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_fkey" FOREIGN KEY ("payer_id") REFERENCES "people"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_id_fkey" FOREIGN KEY ("refund_of_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_charge_id_fkey" FOREIGN KEY ("charge_id") REFERENCES "charges"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payer_id_fkey" FOREIGN KEY ("payer_id") REFERENCES "people"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_pdf_file_id_fkey" FOREIGN KEY ("pdf_file_id") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_replaced_by_id_fkey" FOREIGN KEY ("replaced_by_id") REFERENCES "receipts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Money rows link rows of their own club only (the services check it first; this keeps any other path from mixing
-- two clubs): a charge's person, plan and season; a payment's payer; an allocation's payment and charge; a receipt's
-- payment, person and payer.
CREATE FUNCTION "fees_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mixed boolean;
BEGIN
  IF TG_TABLE_NAME = 'charges' THEN
    mixed := EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."person_id" AND "club_id" <> NEW."club_id")
      OR EXISTS (SELECT 1 FROM "club_seasons" WHERE "id" = NEW."season_id" AND "club_id" <> NEW."club_id")
      OR EXISTS (SELECT 1 FROM "fee_plans" WHERE "id" = NEW."plan_id" AND "club_id" <> NEW."club_id");
  ELSIF TG_TABLE_NAME = 'payments' THEN
    mixed := EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."payer_id" AND "club_id" <> NEW."club_id");
  ELSIF TG_TABLE_NAME = 'payment_allocations' THEN
    mixed := EXISTS (SELECT 1 FROM "payments" WHERE "id" = NEW."payment_id" AND "club_id" <> NEW."club_id")
      OR EXISTS (SELECT 1 FROM "charges" WHERE "id" = NEW."charge_id" AND "club_id" <> NEW."club_id");
  ELSIF TG_TABLE_NAME = 'fee_plans' THEN
    mixed := EXISTS (SELECT 1 FROM "club_seasons" WHERE "id" = NEW."season_id" AND "club_id" <> NEW."club_id");
  ELSIF TG_TABLE_NAME = 'fee_plan_instalments' THEN
    mixed := EXISTS (SELECT 1 FROM "fee_plans" WHERE "id" = NEW."plan_id" AND "club_id" <> NEW."club_id");
  ELSE -- receipts
    mixed := EXISTS (SELECT 1 FROM "payments" WHERE "id" = NEW."payment_id" AND "club_id" <> NEW."club_id")
      OR EXISTS (SELECT 1 FROM "people" WHERE "id" IN (NEW."person_id", NEW."payer_id") AND "club_id" <> NEW."club_id");
  END IF;
  IF mixed THEN
    RAISE EXCEPTION 'a % row links rows of different clubs', TG_TABLE_NAME USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "fee_plans_same_club" BEFORE INSERT OR UPDATE ON "fee_plans" FOR EACH ROW EXECUTE FUNCTION "fees_same_club"();
CREATE TRIGGER "fee_plan_instalments_same_club" BEFORE INSERT OR UPDATE ON "fee_plan_instalments" FOR EACH ROW EXECUTE FUNCTION "fees_same_club"();
CREATE TRIGGER "charges_same_club" BEFORE INSERT OR UPDATE ON "charges" FOR EACH ROW EXECUTE FUNCTION "fees_same_club"();
CREATE TRIGGER "payments_same_club" BEFORE INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "fees_same_club"();
CREATE TRIGGER "payment_allocations_same_club" BEFORE INSERT OR UPDATE ON "payment_allocations" FOR EACH ROW EXECUTE FUNCTION "fees_same_club"();
CREATE TRIGGER "receipts_same_club" BEFORE INSERT OR UPDATE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "fees_same_club"();

-- A receipt issued is evidence: its number, content, amounts and PDF never change; it may only be marked cancelled
-- (once), given its replacement, and marked mailed.
CREATE FUNCTION "receipts_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."club_id", NEW."year", NEW."number", NEW."payment_id", NEW."person_id", NEW."payer_id", NEW."issued_on", NEW."amount_cents", NEW."content")
       IS DISTINCT FROM (OLD."club_id", OLD."year", OLD."number", OLD."payment_id", OLD."person_id", OLD."payer_id", OLD."issued_on", OLD."amount_cents", OLD."content")
     OR (OLD."pdf_file_id" IS NOT NULL AND NEW."pdf_file_id" IS DISTINCT FROM OLD."pdf_file_id")
     OR (OLD."cancelled_at" IS NOT NULL AND NEW."cancelled_at" IS DISTINCT FROM OLD."cancelled_at")
     OR (OLD."replaced_by_id" IS NOT NULL AND NEW."replaced_by_id" IS DISTINCT FROM OLD."replaced_by_id") THEN
    RAISE EXCEPTION 'an issued receipt is never edited' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "receipts_frozen" BEFORE UPDATE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "receipts_frozen"();
