-- CreateEnum
CREATE TYPE "PersonKind" AS ENUM ('athlete', 'coach', 'manager', 'staff', 'member', 'voluntary');

-- CreateTable
CREATE TABLE "addresses" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "address" TEXT,
    "street_number" TEXT,
    "postal_code" TEXT,
    "city" TEXT,
    "province" TEXT,
    "country" TEXT,

    CONSTRAINT "addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "people" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "account_id" UUID,
    "type_role_id" INTEGER,
    "firstname" TEXT NOT NULL,
    "secondname" TEXT,
    "lastname" TEXT NOT NULL,
    "nickname" TEXT,
    "tax_id_code" TEXT NOT NULL,
    "type_gender_id" INTEGER,
    "birthday" DATE,
    "birthplace" TEXT,
    "birth_nation" TEXT,
    "nationality" TEXT,
    "photo_url" TEXT,
    "legal_representative" TEXT,
    "email_primary" TEXT,
    "email_secondary" TEXT,
    "phone_primary" TEXT,
    "phone_secondary" TEXT,
    "address_id" UUID,
    "has_blsd" BOOLEAN NOT NULL DEFAULT false,
    "blsd_expires_on" DATE,
    "blsd_file_id" UUID,
    "has_first_aid" BOOLEAN NOT NULL DEFAULT false,
    "first_aid_expires_on" DATE,
    "first_aid_file_id" UUID,
    "has_fire_prevention" BOOLEAN NOT NULL DEFAULT false,
    "fire_prevention_expires_on" DATE,
    "fire_prevention_file_id" UUID,
    "is_guarded" BOOLEAN NOT NULL DEFAULT false,
    "search_text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "people_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_roles" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "kind" "PersonKind" NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "archived_at" TIMESTAMPTZ(3),
    "note_private" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "person_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "athlete_details" (
    "role_id" UUID NOT NULL,
    "medical_examination_expiration_date" DATE,
    "type_medical_examination_id" INTEGER,
    "medical_examination_document_id" UUID,
    "medical_examination_scheduled_date" DATE,
    "type_medical_examination_accountable_id" INTEGER,
    "health_card" TEXT,
    "allergies" TEXT,
    "intolerances" TEXT,
    "athlete_condition" TEXT,
    "athlete_attorney_name" TEXT,

    CONSTRAINT "athlete_details_pkey" PRIMARY KEY ("role_id")
);

-- CreateTable
CREATE TABLE "coach_details" (
    "role_id" UUID NOT NULL,
    "coach_role" TEXT,
    "coach_validity_start_date" DATE,
    "coach_validity_end_date" DATE,
    "health_card" TEXT,
    "allergies" TEXT,
    "intolerances" TEXT,

    CONSTRAINT "coach_details_pkey" PRIMARY KEY ("role_id")
);

-- CreateTable
CREATE TABLE "member_details" (
    "role_id" UUID NOT NULL,
    "type_membership_id" INTEGER,
    "membership_number" TEXT,
    "membership_start_date" DATE,
    "membership_expired_date" DATE,

    CONSTRAINT "member_details_pkey" PRIMARY KEY ("role_id")
);

-- CreateTable
CREATE TABLE "manager_details" (
    "role_id" UUID NOT NULL,
    "manager_role" TEXT,

    CONSTRAINT "manager_details_pkey" PRIMARY KEY ("role_id")
);

-- CreateTable
CREATE TABLE "groups" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" "PersonKind" NOT NULL,
    "is_hidden" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_members" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "role_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "posts" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "caption" TEXT NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "archived_at" TIMESTAMPTZ(3),
    "search_text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "post_groups" (
    "post_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,

    CONSTRAINT "post_groups_pkey" PRIMARY KEY ("post_id","group_id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "role_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "club_id" UUID NOT NULL,
    "account_id" UUID,
    "person_id" UUID,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "emailed_to" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "addresses_club_id_idx" ON "addresses"("club_id");

-- CreateIndex
CREATE UNIQUE INDEX "people_address_id_key" ON "people"("address_id");

-- CreateIndex
CREATE UNIQUE INDEX "people_blsd_file_id_key" ON "people"("blsd_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "people_first_aid_file_id_key" ON "people"("first_aid_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "people_fire_prevention_file_id_key" ON "people"("fire_prevention_file_id");

-- CreateIndex
CREATE INDEX "people_club_id_lastname_firstname_idx" ON "people"("club_id", "lastname", "firstname");

-- CreateIndex
CREATE INDEX "people_search_text_trgm_idx" ON "people" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "people_account_id_idx" ON "people"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "people_club_id_tax_id_code_key" ON "people"("club_id", "tax_id_code");

-- CreateIndex
CREATE INDEX "person_roles_club_id_kind_archived_at_idx" ON "person_roles"("club_id", "kind", "archived_at");

-- CreateIndex
CREATE UNIQUE INDEX "person_roles_person_id_kind_key" ON "person_roles"("person_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "athlete_details_medical_examination_document_id_key" ON "athlete_details"("medical_examination_document_id");

-- CreateIndex
CREATE INDEX "athlete_details_medical_examination_expiration_date_idx" ON "athlete_details"("medical_examination_expiration_date");

-- CreateIndex
CREATE INDEX "groups_club_id_type_archived_at_idx" ON "groups"("club_id", "type", "archived_at");

-- CreateIndex
CREATE INDEX "group_members_role_id_idx" ON "group_members"("role_id");

-- CreateIndex
CREATE UNIQUE INDEX "group_members_group_id_role_id_key" ON "group_members"("group_id", "role_id");

-- CreateIndex
CREATE INDEX "posts_club_id_archived_at_created_at_idx" ON "posts"("club_id", "archived_at", "created_at");

-- CreateIndex
CREATE INDEX "post_groups_group_id_idx" ON "post_groups"("group_id");

-- CreateIndex
CREATE INDEX "stored_files_club_id_idx" ON "stored_files"("club_id");

-- CreateIndex
CREATE INDEX "stored_files_role_id_idx" ON "stored_files"("role_id");

-- CreateIndex
CREATE INDEX "notifications_account_id_created_at_idx" ON "notifications"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_person_id_idx" ON "notifications"("person_id");

-- AddForeignKey
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "people" ADD CONSTRAINT "people_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "people" ADD CONSTRAINT "people_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "people" ADD CONSTRAINT "people_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "people" ADD CONSTRAINT "people_blsd_file_id_fkey" FOREIGN KEY ("blsd_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "people" ADD CONSTRAINT "people_first_aid_file_id_fkey" FOREIGN KEY ("first_aid_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "people" ADD CONSTRAINT "people_fire_prevention_file_id_fkey" FOREIGN KEY ("fire_prevention_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_roles" ADD CONSTRAINT "person_roles_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_roles" ADD CONSTRAINT "person_roles_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "athlete_details" ADD CONSTRAINT "athlete_details_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "person_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "athlete_details" ADD CONSTRAINT "athlete_details_medical_examination_document_id_fkey" FOREIGN KEY ("medical_examination_document_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coach_details" ADD CONSTRAINT "coach_details_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "person_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_details" ADD CONSTRAINT "member_details_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "person_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "manager_details" ADD CONSTRAINT "manager_details_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "person_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "person_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_groups" ADD CONSTRAINT "post_groups_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_groups" ADD CONSTRAINT "post_groups_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "person_roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;
