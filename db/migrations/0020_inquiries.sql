CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_code" integer NOT NULL,
	"sale_order_no" text NOT NULL,
	"category" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"wished_date" date,
	"agreed_date" date,
	"requester_user_id" integer,
	"requester_name" text NOT NULL,
	"requester_mail" text NOT NULL,
	"assigned_user_id" integer,
	"first_text" text NOT NULL,
	"message_count" integer DEFAULT 1 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_lines" (
	"inquiry_id" integer NOT NULL,
	"ledger_item_id" bigint NOT NULL,
	CONSTRAINT "inquiry_lines_inquiry_id_ledger_item_id_pk" PRIMARY KEY("inquiry_id","ledger_item_id")
);
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"author_user_id" integer,
	"author_name" text NOT NULL,
	"author_staff" boolean NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bucket" text NOT NULL,
	"object_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_customer_code_customers_customer_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("customer_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD CONSTRAINT "inquiry_lines_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD CONSTRAINT "inquiry_lines_ledger_item_id_ledger_items_id_fk" FOREIGN KEY ("ledger_item_id") REFERENCES "public"."ledger_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_message_id_inquiry_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inquiry_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_activity_idx" ON "inquiries" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_customer_activity_idx" ON "inquiries" USING btree ("customer_code","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_state_activity_idx" ON "inquiries" USING btree ("state","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_assigned_activity_idx" ON "inquiries" USING btree ("assigned_user_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_customer_order_idx" ON "inquiries" USING btree ("customer_code","sale_order_no");--> statement-breakpoint
CREATE INDEX "inquiries_search_text_trgm_idx" ON "inquiries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiry_lines_ledger_item_idx" ON "inquiry_lines" USING btree ("ledger_item_id");--> statement-breakpoint
CREATE INDEX "inquiry_messages_inquiry_idx" ON "inquiry_messages" USING btree ("inquiry_id","id");--> statement-breakpoint
CREATE INDEX "inquiry_attachments_message_idx" ON "inquiry_attachments" USING btree ("message_id");
