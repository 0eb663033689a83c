CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"sender_name" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"headers" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status");--> statement-breakpoint
CREATE TABLE "shipment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_code" integer NOT NULL,
	"line_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_notification_lines" (
	"ledger_item_id" bigint PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_notifications" ADD CONSTRAINT "shipment_notifications_customer_code_customers_customer_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("customer_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_notification_lines" ADD CONSTRAINT "shipment_notification_lines_ledger_item_id_ledger_items_id_fk" FOREIGN KEY ("ledger_item_id") REFERENCES "public"."ledger_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_notification_lines" ADD CONSTRAINT "shipment_notification_lines_notification_id_shipment_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."shipment_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_notification_lines_notification_id_idx" ON "shipment_notification_lines" USING btree ("notification_id");
