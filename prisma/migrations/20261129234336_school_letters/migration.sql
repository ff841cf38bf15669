-- AlterTable
ALTER TABLE "clubs" ADD COLUMN     "school_letter_template" TEXT;

-- CreateTable
CREATE TABLE "person_schools" (
    "person_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "person_schools_pkey" PRIMARY KEY ("person_id")
);

-- CreateIndex
CREATE INDEX "person_schools_club_id_idx" ON "person_schools"("club_id");

-- AddForeignKey
ALTER TABLE "person_schools" ADD CONSTRAINT "person_schools_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_schools" ADD CONSTRAINT "person_schools_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A school's athlete belongs to the row's club.
CREATE FUNCTION "person_schools_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."person_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a person_schools row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "person_schools_same_club" BEFORE INSERT OR UPDATE ON "person_schools" FOR EACH ROW EXECUTE FUNCTION "person_schools_same_club"();
