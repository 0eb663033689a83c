-- The documents a bulk download asked for whose file did not exist, kept with the prepared zip so
-- that the zip names them in its missing.txt.
ALTER TABLE "bulk_downloads" ADD COLUMN IF NOT EXISTS "missing_files" jsonb DEFAULT '[]'::jsonb NOT NULL;
