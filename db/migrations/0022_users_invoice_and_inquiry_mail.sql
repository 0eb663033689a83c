ALTER TABLE "users" ADD COLUMN "invoice_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inquiry_mail" boolean DEFAULT true NOT NULL;
