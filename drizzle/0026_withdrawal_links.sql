CREATE TABLE "withdrawal_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "filed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "completed_via" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_links" ADD CONSTRAINT "withdrawal_links_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_links_return_idx" ON "withdrawal_links" USING btree ("return_id");--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_filed_by_user_id_users_id_fk" FOREIGN KEY ("filed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_completed_via_check" CHECK ("returns"."completed_via" in ('conta', 'ligacao'));