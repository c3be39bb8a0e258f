-- One row per outside effect of a job run (an e-mail, a text), claimed before the effect starts and marked done,
-- refused or unknown after it, so a retry of the job never repeats an effect that happened (docs/jobs.md
-- "Effects", decision 0019). Pruned after two weeks by jobs.prune-effects.
CREATE TABLE IF NOT EXISTS "job_effects" (
	"job_id" text NOT NULL,
	"effect" text NOT NULL,
	"outcome" text DEFAULT 'started' NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_effects_pkey" PRIMARY KEY("job_id","effect")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_effects_created_at_idx" ON "job_effects" USING btree ("created_at");
