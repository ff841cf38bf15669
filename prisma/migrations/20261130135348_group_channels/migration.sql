-- AlterTable
ALTER TABLE "groups" ADD COLUMN     "channel_families_post" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "group_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "author_account_id" UUID,
    "author_person_id" UUID,
    "author_name" TEXT NOT NULL,
    "author_label" TEXT NOT NULL,
    "from_staff" BOOLEAN NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hidden_at" TIMESTAMPTZ(3),
    "hidden_by_id" UUID,
    "hidden_reason" TEXT,
    "push_after" TIMESTAMPTZ(3),

    CONSTRAINT "group_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_message_attachments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "club_id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "group_message_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_channel_states" (
    "club_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "last_read_at" TIMESTAMPTZ(3),
    "muted_at" TIMESTAMPTZ(3),

    CONSTRAINT "group_channel_states_pkey" PRIMARY KEY ("group_id","account_id")
);

-- CreateIndex
CREATE INDEX "group_messages_group_id_created_at_id_idx" ON "group_messages"("group_id", "created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "group_messages_push_after_idx" ON "group_messages"("push_after") WHERE (push_after IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "group_message_attachments_file_id_key" ON "group_message_attachments"("file_id");

-- CreateIndex
CREATE INDEX "group_message_attachments_message_id_idx" ON "group_message_attachments"("message_id");

-- CreateIndex
CREATE INDEX "group_channel_states_account_id_idx" ON "group_channel_states"("account_id");

-- AddForeignKey
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_author_account_id_fkey" FOREIGN KEY ("author_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_hidden_by_id_fkey" FOREIGN KEY ("hidden_by_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_message_attachments" ADD CONSTRAINT "group_message_attachments_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_message_attachments" ADD CONSTRAINT "group_message_attachments_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "group_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_message_attachments" ADD CONSTRAINT "group_message_attachments_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_channel_states" ADD CONSTRAINT "group_channel_states_club_id_fkey" FOREIGN KEY ("club_id") REFERENCES "clubs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_channel_states" ADD CONSTRAINT "group_channel_states_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_channel_states" ADD CONSTRAINT "group_channel_states_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A message's group, an attachment's message and file, a channel state's group belong to the row's club.
CREATE FUNCTION "group_messages_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "groups" WHERE "id" = NEW."group_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "people" WHERE "id" = NEW."author_person_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a group_messages row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "group_messages_same_club" BEFORE INSERT OR UPDATE ON "group_messages" FOR EACH ROW EXECUTE FUNCTION "group_messages_same_club"();

CREATE FUNCTION "group_message_attachments_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "group_messages" WHERE "id" = NEW."message_id" AND "club_id" <> NEW."club_id")
     OR EXISTS (SELECT 1 FROM "stored_files" WHERE "id" = NEW."file_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a group_message_attachments row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "group_message_attachments_same_club" BEFORE INSERT OR UPDATE ON "group_message_attachments" FOR EACH ROW EXECUTE FUNCTION "group_message_attachments_same_club"();

CREATE FUNCTION "group_channel_states_same_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "groups" WHERE "id" = NEW."group_id" AND "club_id" <> NEW."club_id") THEN
    RAISE EXCEPTION 'a group_channel_states row links rows of different clubs' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "group_channel_states_same_club" BEFORE INSERT OR UPDATE ON "group_channel_states" FOR EACH ROW EXECUTE FUNCTION "group_channel_states_same_club"();
