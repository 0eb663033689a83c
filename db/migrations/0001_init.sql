CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_mail" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"explanation" text NOT NULL,
	"image_url" text NOT NULL,
	"destination_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"corporate_code" integer PRIMARY KEY NOT NULL,
	"corporate_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_code" integer PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"corporate_code" integer NOT NULL,
	"customer_bucket_name" text NOT NULL,
	"folder_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_code" integer NOT NULL,
	"status" text NOT NULL,
	"sale_order_no" text NOT NULL,
	"sale_order_line_no" integer NOT NULL,
	"delivery_no" text DEFAULT '' NOT NULL,
	"delivery_line_no" integer DEFAULT 0 NOT NULL,
	"sale_order_date" date NOT NULL,
	"shipped_date" date,
	"expected_delivery_date" date,
	"delivery_request" text,
	"property_name" text DEFAULT '' NOT NULL,
	"item_name" text NOT NULL,
	"model_name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"destination_name1" text DEFAULT '' NOT NULL,
	"destination_name2" text DEFAULT '' NOT NULL,
	"destination_address" text DEFAULT '' NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"transportation" text DEFAULT '' NOT NULL,
	"shipping_label_number" text DEFAULT '' NOT NULL,
	"invoice_file_name" text DEFAULT '' NOT NULL,
	"shipped_file_name" text DEFAULT '' NOT NULL,
	"delivery_file_name" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("ledger_items"."property_name" || ' ' || "ledger_items"."model_name" || ' ' || "ledger_items"."destination_name1" || ' ' || "ledger_items"."destination_name2" || ' ' || "ledger_items"."item_name")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"display_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_type_name" text NOT NULL,
	"user_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail" text NOT NULL,
	"user_name" text NOT NULL,
	"customer_code" integer NOT NULL,
	"user_type_id" integer NOT NULL,
	"firebase_uid" text,
	"account_lock_date" timestamp with time zone,
	"delete_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_corporate_code_corporations_corporate_code_fk" FOREIGN KEY ("corporate_code") REFERENCES "public"."corporations"("corporate_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_items" ADD CONSTRAINT "ledger_items_customer_code_customers_customer_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("customer_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_code_customers_customer_code_fk" FOREIGN KEY ("customer_code") REFERENCES "public"."customers"("customer_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_corporate_code_idx" ON "customers" USING btree ("corporate_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_items_line_key" ON "ledger_items" USING btree ("sale_order_no","sale_order_line_no","delivery_no","delivery_line_no");--> statement-breakpoint
CREATE INDEX "ledger_items_customer_order_date_idx" ON "ledger_items" USING btree ("customer_code","sale_order_date");--> statement-breakpoint
CREATE INDEX "ledger_items_customer_status_order_date_idx" ON "ledger_items" USING btree ("customer_code","status","sale_order_date");--> statement-breakpoint
CREATE INDEX "ledger_items_customer_item_name_idx" ON "ledger_items" USING btree ("customer_code","item_name");--> statement-breakpoint
CREATE INDEX "ledger_items_search_text_trgm_idx" ON "ledger_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notices_display_at_idx" ON "notices" USING btree ("display_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_customer_code_key" ON "users" USING btree ("mail","customer_code");--> statement-breakpoint
CREATE INDEX "users_firebase_uid_idx" ON "users" USING btree ("firebase_uid");--> statement-breakpoint
CREATE INDEX "users_customer_code_idx" ON "users" USING btree ("customer_code");