ALTER TABLE "audit_log" ADD COLUMN "customer_code" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipment_mail" boolean DEFAULT true NOT NULL;