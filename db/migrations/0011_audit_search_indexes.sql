CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_customer_created_at_idx" ON "audit_log" USING btree ("customer_code","created_at","id","actor_user_id","actor_mail","action");--> statement-breakpoint
CREATE INDEX "audit_log_actor_mail_created_at_idx" ON "audit_log" USING btree ("actor_mail","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_created_at_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id","customer_code","actor_mail","action");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log" USING btree ("action","created_at","id");
