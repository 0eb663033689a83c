CREATE INDEX "inquiries_customer_state_category_activity_idx" ON "inquiries" USING btree ("customer_code","state","category","last_activity_at","id");
