-- CreateEnum
CREATE TYPE "CallUpResponse" AS ENUM ('si', 'no', 'forse');

-- AlterTable
ALTER TABLE "calendar_events" ADD COLUMN     "card_body" TEXT;

-- CreateTable
CREATE TABLE "call_ups" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "occurs_on" DATE NOT NULL,
    "person_id" UUID NOT NULL,
    "blockers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "override_reason" TEXT,
    "overridden_by" UUID,
    "deadline" TIMESTAMPTZ(3),
    "response" "CallUpResponse",
    "response_note" TEXT,
    "responded_at" TIMESTAMPTZ(3),
    "responded_by" UUID,
    "token_hash" TEXT NOT NULL,
    "notified_at" TIMESTAMPTZ(3),
    "reminded_at" TIMESTAMPTZ(3),
    "withdrawn_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "call_ups_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "call_ups_token_hash_key" ON "call_ups"("token_hash");

-- CreateIndex
CREATE INDEX "call_ups_person_id_idx" ON "call_ups"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "call_ups_event_id_occurs_on_person_id_key" ON "call_ups"("event_id", "occurs_on", "person_id");

-- AddForeignKey
ALTER TABLE "call_ups" ADD CONSTRAINT "call_ups_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "call_ups" ADD CONSTRAINT "call_ups_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "call_ups" ADD CONSTRAINT "call_ups_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A call-up's event and athlete belong to its club.
CREATE FUNCTION "call_ups_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "calendar_events" WHERE "id" = NEW."event_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."person_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a call_ups row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "call_ups_same_club" BEFORE INSERT OR UPDATE ON "call_ups" FOR EACH ROW EXECUTE FUNCTION "call_ups_same_club"();
