-- CreateEnum
CREATE TYPE "SeasonStatus" AS ENUM ('preparing', 'open', 'closed');

-- CreateEnum
CREATE TYPE "MemberExitCause" AS ENUM ('recesso', 'decadenza', 'esclusione', 'decesso');

-- CreateTable
CREATE TABLE "club_seasons" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "starts_on" DATE NOT NULL,
    "ends_on" DATE NOT NULL,
    "status" "SeasonStatus" NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "club_seasons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "register_counters" (
    "club_id" UUID NOT NULL,
    "next_number" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "register_counters_pkey" PRIMARY KEY ("club_id")
);

-- CreateTable
CREATE TABLE "register_members" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "admitted_on" DATE NOT NULL,
    "board_decision" TEXT,
    "board_decision_on" DATE,
    "exit_on" DATE,
    "exit_cause" "MemberExitCause",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "register_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "register_member_seasons" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "renewed_on" DATE NOT NULL,
    "quota_cents" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "register_member_seasons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cards" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "starts_on" DATE NOT NULL,
    "expires_on" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "club_seasons_club_id_starts_on_idx" ON "club_seasons"("club_id", "starts_on");

-- CreateIndex
CREATE UNIQUE INDEX "club_seasons_club_id_label_key" ON "club_seasons"("club_id", "label");

-- CreateIndex
CREATE INDEX "register_members_person_id_idx" ON "register_members"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "register_members_club_id_number_key" ON "register_members"("club_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "register_members_one_open_per_person" ON "register_members"("person_id") WHERE (exit_on IS NULL);

-- CreateIndex
CREATE INDEX "register_member_seasons_season_id_idx" ON "register_member_seasons"("season_id");

-- CreateIndex
CREATE UNIQUE INDEX "register_member_seasons_member_id_season_id_key" ON "register_member_seasons"("member_id", "season_id");

-- CreateIndex
CREATE INDEX "cards_person_id_idx" ON "cards"("person_id");

-- CreateIndex
CREATE INDEX "cards_season_id_idx" ON "cards"("season_id");

-- CreateIndex
CREATE UNIQUE INDEX "cards_club_id_body_number_season_id_key" ON "cards"("club_id", "body", "number", "season_id");

-- AddForeignKey
ALTER TABLE "club_seasons" ADD CONSTRAINT "club_seasons_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_counters" ADD CONSTRAINT "register_counters_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_members" ADD CONSTRAINT "register_members_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_members" ADD CONSTRAINT "register_members_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_member_seasons" ADD CONSTRAINT "register_member_seasons_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_member_seasons" ADD CONSTRAINT "register_member_seasons_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "register_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "register_member_seasons" ADD CONSTRAINT "register_member_seasons_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "club_seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cards" ADD CONSTRAINT "cards_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cards" ADD CONSTRAINT "cards_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cards" ADD CONSTRAINT "cards_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "club_seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
