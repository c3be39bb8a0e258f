ALTER TABLE "csv_upload_logs" ADD COLUMN "new_bookings" integer;--> statement-breakpoint
ALTER TABLE "csv_upload_logs" ADD COLUMN "duplicate_bookings" integer;--> statement-breakpoint
ALTER TABLE "csv_upload_logs" ADD COLUMN "new_clients" integer;--> statement-breakpoint
ALTER TABLE "csv_upload_logs" ADD COLUMN "updated_clients" integer;--> statement-breakpoint
ALTER TABLE "csv_upload_logs" ADD COLUMN "rows_without_status" integer;