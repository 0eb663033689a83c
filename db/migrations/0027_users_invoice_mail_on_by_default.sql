ALTER TABLE "users" ALTER COLUMN "invoice_mail" SET DEFAULT true;
