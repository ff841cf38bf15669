-- CreateTable
CREATE TABLE "attendance_sheets" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "occurs_on" DATE NOT NULL,
    "submission_id" UUID NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL,
    "recorded_by" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "attendance_sheets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attendance_marks" (
    "sheet_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "present" BOOLEAN NOT NULL,
    "reason" TEXT,

    CONSTRAINT "attendance_marks_pkey" PRIMARY KEY ("sheet_id","person_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "attendance_sheets_submission_id_key" ON "attendance_sheets"("submission_id");

-- CreateIndex
CREATE INDEX "attendance_sheets_club_id_occurs_on_idx" ON "attendance_sheets"("club_id", "occurs_on");

-- CreateIndex
CREATE UNIQUE INDEX "attendance_sheets_event_id_occurs_on_key" ON "attendance_sheets"("event_id", "occurs_on");

-- CreateIndex
CREATE INDEX "attendance_marks_person_id_idx" ON "attendance_marks"("person_id");

-- AddForeignKey
ALTER TABLE "attendance_sheets" ADD CONSTRAINT "attendance_sheets_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendance_sheets" ADD CONSTRAINT "attendance_sheets_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_sheet_id_fkey" FOREIGN KEY ("sheet_id") REFERENCES "attendance_sheets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A sheet's event and a mark's sheet and athlete belong to the row's club.
CREATE FUNCTION "attendance_sheets_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "calendar_events" WHERE "id" = NEW."event_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'an attendance_sheets row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "attendance_sheets_same_club" BEFORE INSERT OR UPDATE ON "attendance_sheets" FOR EACH ROW EXECUTE FUNCTION "attendance_sheets_same_club"();

CREATE FUNCTION "attendance_marks_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "attendance_sheets" WHERE "id" = NEW."sheet_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."person_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'an attendance_marks row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "attendance_marks_same_club" BEFORE INSERT OR UPDATE ON "attendance_marks" FOR EACH ROW EXECUTE FUNCTION "attendance_marks_same_club"();
