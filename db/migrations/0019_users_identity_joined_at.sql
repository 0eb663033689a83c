ALTER TABLE "users" ADD COLUMN "identity_joined_at" timestamp with time zone;
