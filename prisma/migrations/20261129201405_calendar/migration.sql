-- CreateEnum
CREATE TYPE "CalendarEventKind" AS ENUM ('allenamento', 'partita', 'evento');

-- CreateTable
CREATE TABLE "venues" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "venues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "club_closures" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "starts_on" DATE NOT NULL,
    "ends_on" DATE NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "club_closures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "kind" "CalendarEventKind" NOT NULL,
    "title" TEXT NOT NULL,
    "starts_on" DATE NOT NULL,
    "start_minute" INTEGER NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "recurrence" TEXT,
    "repeat_until" DATE,
    "skip_closures" BOOLEAN NOT NULL DEFAULT true,
    "venue_id" UUID,
    "opponent" TEXT,
    "home" BOOLEAN,
    "competition" TEXT,
    "meeting_minute" INTEGER,
    "meeting_place" TEXT,
    "notes" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "calendar_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_event_groups" (
    "club_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,

    CONSTRAINT "calendar_event_groups_pkey" PRIMARY KEY ("event_id","group_id")
);

-- CreateTable
CREATE TABLE "calendar_event_exceptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "occurs_on" DATE NOT NULL,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "starts_on" DATE,
    "start_minute" INTEGER,
    "duration_minutes" INTEGER,
    "venue_id" UUID,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_event_exceptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_feeds" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "target_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "venues_club_id_name_key" ON "venues"("club_id", "name");

-- CreateIndex
CREATE INDEX "club_closures_club_id_starts_on_idx" ON "club_closures"("club_id", "starts_on");

-- CreateIndex
CREATE INDEX "calendar_events_club_id_starts_on_idx" ON "calendar_events"("club_id", "starts_on");

-- CreateIndex
CREATE INDEX "calendar_events_venue_id_idx" ON "calendar_events"("venue_id");

-- CreateIndex
CREATE INDEX "calendar_event_groups_group_id_idx" ON "calendar_event_groups"("group_id");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_event_exceptions_event_id_occurs_on_key" ON "calendar_event_exceptions"("event_id", "occurs_on");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");

-- CreateIndex
CREATE INDEX "calendar_feeds_club_id_kind_target_id_idx" ON "calendar_feeds"("club_id", "kind", "target_id");

-- AddForeignKey
ALTER TABLE "venues" ADD CONSTRAINT "venues_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "club_closures" ADD CONSTRAINT "club_closures_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_venue_id_fkey" FOREIGN KEY ("venue_id") REFERENCES "venues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_groups" ADD CONSTRAINT "calendar_event_groups_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_groups" ADD CONSTRAINT "calendar_event_groups_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_groups" ADD CONSTRAINT "calendar_event_groups_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "calendar_event_exceptions_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "calendar_event_exceptions_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "calendar_event_exceptions_venue_id_fkey" FOREIGN KEY ("venue_id") REFERENCES "venues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every row's links stay inside its club (one function per table: each names only its own columns).
CREATE FUNCTION "calendar_events_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "venues" WHERE "id" = NEW."venue_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a calendar_events row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "calendar_events_same_club" BEFORE INSERT OR UPDATE ON "calendar_events" FOR EACH ROW EXECUTE FUNCTION "calendar_events_same_club"();

CREATE FUNCTION "calendar_event_groups_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "calendar_events" WHERE "id" = NEW."event_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "groups" WHERE "id" = NEW."group_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a calendar_event_groups row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "calendar_event_groups_same_club" BEFORE INSERT OR UPDATE ON "calendar_event_groups" FOR EACH ROW EXECUTE FUNCTION "calendar_event_groups_same_club"();

CREATE FUNCTION "calendar_event_exceptions_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "calendar_events" WHERE "id" = NEW."event_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "venues" WHERE "id" = NEW."venue_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a calendar_event_exceptions row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "calendar_event_exceptions_same_club" BEFORE INSERT OR UPDATE ON "calendar_event_exceptions" FOR EACH ROW EXECUTE FUNCTION "calendar_event_exceptions_same_club"();
