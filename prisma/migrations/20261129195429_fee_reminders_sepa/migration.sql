-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "fee_reminder_days" INTEGER[] DEFAULT ARRAY[-7, 7, 30]::INTEGER[],
ADD COLUMN     "fee_reminder_template" TEXT,
ADD COLUMN     "fee_reminders_enabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sepa_bic" TEXT,
ADD COLUMN     "sepa_creditor_id" TEXT,
ADD COLUMN     "sepa_iban" TEXT;

-- AlterTable
ALTER TABLE "fee_plans" ADD COLUMN     "early_payment_by" DATE,
ADD COLUMN     "early_payment_percent" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "fee_reminders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "charge_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "offset_days" INTEGER NOT NULL,
    "recipient" TEXT,
    "day" DATE NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,

    CONSTRAINT "fee_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sepa_mandates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "payer_id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "iban" TEXT NOT NULL,
    "bic" TEXT,
    "signed_on" DATE NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sepa_mandates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fee_reminders_club_id_claimed_at_idx" ON "fee_reminders"("club_id", "claimed_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "fee_reminders_charge_id_offset_days_key" ON "fee_reminders"("charge_id", "offset_days");

-- CreateIndex
CREATE INDEX "sepa_mandates_payer_id_idx" ON "sepa_mandates"("payer_id");

-- CreateIndex
CREATE UNIQUE INDEX "sepa_mandates_club_id_reference_key" ON "sepa_mandates"("club_id", "reference");

-- AddForeignKey
ALTER TABLE "fee_reminders" ADD CONSTRAINT "fee_reminders_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fee_reminders" ADD CONSTRAINT "fee_reminders_charge_id_fkey" FOREIGN KEY ("charge_id") REFERENCES "charges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_payer_id_fkey" FOREIGN KEY ("payer_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A reminder's charge and a mandate's payer belong to the row's club (one function per table: each names only its
-- own columns).
CREATE FUNCTION "fee_reminders_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "charges" WHERE "id" = NEW."charge_id" AND ("club_id" <> NEW."club_id" OR "person_id" <> NEW."person_id")) THEN
    RAISE EXCEPTION 'a fee_reminders row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "fee_reminders_same_club" BEFORE INSERT OR UPDATE ON "fee_reminders" FOR EACH ROW EXECUTE FUNCTION "fee_reminders_same_club"();

CREATE FUNCTION "sepa_mandates_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."payer_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a sepa_mandates row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "sepa_mandates_same_club" BEFORE INSERT OR UPDATE ON "sepa_mandates" FOR EACH ROW EXECUTE FUNCTION "sepa_mandates_same_club"();
