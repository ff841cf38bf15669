-- CreateTable
-- UNLOGGED: counters of windows of minutes to an hour need no crash safety (a crash forgets them) and skip the
-- WAL on every counted attempt. Prisma does not model table persistence, so schema diffs do not see it.
CREATE UNLOGGED TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits"("expire");
