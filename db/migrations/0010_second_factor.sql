CREATE TABLE "second_factors" (
	"mail" text PRIMARY KEY NOT NULL,
	"factor_id" text NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factor_backup_codes" (
	"mail" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "second_factor_backup_codes_mail_code_hash_pk" PRIMARY KEY("mail","code_hash")
);
--> statement-breakpoint
ALTER TABLE "second_factor_backup_codes" ADD CONSTRAINT "second_factor_backup_codes_mail_second_factors_mail_fk" FOREIGN KEY ("mail") REFERENCES "public"."second_factors"("mail") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "second_factor_pending" text;
