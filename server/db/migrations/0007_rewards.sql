CREATE TABLE "avatar_items" (
	"id" text PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "avatar_items_slot_check" CHECK (slot in ('hat', 'glasses', 'colour', 'pet', 'background')),
	CONSTRAINT "avatar_items_price_check" CHECK (price between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "avatar_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"price" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_purchases_price_check" CHECK (price between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "avatar_purchases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "token_ledger" DROP CONSTRAINT "token_ledger_amount_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_outfit" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "avatar_purchases" ADD CONSTRAINT "avatar_purchases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_purchases" ADD CONSTRAINT "avatar_purchases_item_id_avatar_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."avatar_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_purchases_user_item_key" ON "avatar_purchases" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_purchases_user_idempotency_key" ON "avatar_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_time_zone_check" CHECK (time_zone is null or length(time_zone) between 1 and 64);--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_amount_check" CHECK (amount <> 0 and amount between -1000 and 1000);--> statement-breakpoint
CREATE POLICY "token_ledger_user_spends_only" ON "token_ledger" AS RESTRICTIVE FOR INSERT TO "app_user" WITH CHECK (amount < 0);--> statement-breakpoint
CREATE POLICY "avatar_purchases_own_rows" ON "avatar_purchases" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "avatar_purchases_system" ON "avatar_purchases" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);