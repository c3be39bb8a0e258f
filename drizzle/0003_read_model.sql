CREATE TABLE "business_daily_figures" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"referred_bookings" integer DEFAULT 0 NOT NULL,
	"referred_revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "business_daily_figures_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "business_figures" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL,
	"loyalty_sum" numeric(14, 1) DEFAULT '0' NOT NULL,
	"loyalty_high" integer DEFAULT 0 NOT NULL,
	"loyalty_medium" integer DEFAULT 0 NOT NULL,
	"loyalty_low" integer DEFAULT 0 NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"referrals_active" integer DEFAULT 0 NOT NULL,
	"referred_bookings" integer DEFAULT 0 NOT NULL,
	"referred_revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	"scores_refreshed_on" date
);
--> statement-breakpoint
DROP INDEX "clients_business_loyalty_idx";--> statement-breakpoint
DROP INDEX "clients_business_last_booking_idx";--> statement-breakpoint
DROP INDEX "clients_business_total_bookings_idx";--> statement-breakpoint
DROP INDEX "clients_business_name_idx";--> statement-breakpoint
ALTER TABLE "business_daily_figures" ADD CONSTRAINT "business_daily_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_figures" ADD CONSTRAINT "business_figures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_business_loyalty_order_idx" ON "clients" USING btree ("business_id","loyalty_score" DESC NULLS LAST,"total_bookings" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "clients_business_last_booking_order_idx" ON "clients" USING btree ("business_id","last_booking" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "clients_business_total_bookings_order_idx" ON "clients" USING btree ("business_id","total_bookings" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "clients_business_name_order_idx" ON "clients" USING btree ("business_id",lower("name"),"id");