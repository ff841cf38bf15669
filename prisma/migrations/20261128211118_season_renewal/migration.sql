-- AlterTable
ALTER TABLE "groups" ADD COLUMN     "age_max" INTEGER,
ADD COLUMN     "age_min" INTEGER;

-- AlterTable
ALTER TABLE "register_member_seasons" ADD COLUMN     "renewal_run_id" UUID;

-- CreateTable
CREATE TABLE "category_rules" (
    "club_id" UUID NOT NULL,
    "reference_month" INTEGER,
    "reference_day" INTEGER,
    "in_end_year" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "category_rules_pkey" PRIMARY KEY ("club_id")
);

-- CreateTable
CREATE TABLE "season_renewal_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "from_season_id" UUID NOT NULL,
    "to_season_id" UUID NOT NULL,
    "account_id" UUID,
    "renewed_members" INTEGER NOT NULL,
    "carried_athletes" INTEGER NOT NULL,
    "moved_athletes" INTEGER NOT NULL,
    "left_athletes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMPTZ(3),

    CONSTRAINT "season_renewal_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "season_renewal_group_changes" (
    "run_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "role_id" UUID NOT NULL,
    "added" BOOLEAN NOT NULL,

    CONSTRAINT "season_renewal_group_changes_pkey" PRIMARY KEY ("run_id","group_id","role_id")
);

-- CreateTable
CREATE TABLE "season_rosters" (
    "season_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "role_id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,

    CONSTRAINT "season_rosters_pkey" PRIMARY KEY ("season_id","group_id","role_id")
);

-- CreateIndex
CREATE INDEX "season_renewal_runs_club_id_created_at_idx" ON "season_renewal_runs"("club_id", "created_at");

-- CreateIndex
CREATE INDEX "season_rosters_run_id_idx" ON "season_rosters"("run_id");

-- CreateIndex
CREATE INDEX "register_member_seasons_renewal_run_id_idx" ON "register_member_seasons"("renewal_run_id");

-- AddForeignKey
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_renewal_runs" ADD CONSTRAINT "season_renewal_runs_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_renewal_runs" ADD CONSTRAINT "season_renewal_runs_from_season_id_fkey" FOREIGN KEY ("from_season_id") REFERENCES "club_seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_renewal_runs" ADD CONSTRAINT "season_renewal_runs_to_season_id_fkey" FOREIGN KEY ("to_season_id") REFERENCES "club_seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_renewal_group_changes" ADD CONSTRAINT "season_renewal_group_changes_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "season_renewal_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_rosters" ADD CONSTRAINT "season_rosters_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_rosters" ADD CONSTRAINT "season_rosters_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "club_seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_rosters" ADD CONSTRAINT "season_rosters_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing categories named "Under N" (or "U N", "U-N", "U12") get the band their name says: ages up to N - 1.
UPDATE "groups" SET "age_max" = (substring("name" from '^\s*(?:[Uu]nder|U)\s*-?\s*(\d{1,2})\s*$'))::int - 1
WHERE "type" = 'athlete' AND "name" ~ '^\s*(?:[Uu]nder|U)\s*-?\s*\d{1,2}\s*$';
