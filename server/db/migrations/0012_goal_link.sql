-- Hand-written, before drizzle-kit's statements below (docs/decisions/0042-reading-goals.md, Consequences): a goal
-- now belongs to the family link of the guardian who set it last, so rows without such a link cannot stay: a goal
-- whose guardian's account was deleted (set_by null under 0011) could be changed or removed by nobody, and one whose
-- link had ended has no guardian left. Both tables are under forced RLS and the migrating owner need not be a
-- superuser, so the delete runs as app_system (0000 made the owner a member), whose policies see every row, as the
-- server's own work does; then back to the owner for the ALTERs.
SET LOCAL ROLE app_system;--> statement-breakpoint
DELETE FROM "reading_goals" AS g
  WHERE g."set_by" IS NULL
     OR NOT EXISTS (
       SELECT 1 FROM "guardian_links" AS l WHERE l."guardian_id" = g."set_by" AND l."child_id" = g."child_id"
     );--> statement-breakpoint
RESET ROLE;--> statement-breakpoint
ALTER TABLE "reading_goals" DROP CONSTRAINT "reading_goals_set_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "reading_goals" ALTER COLUMN "set_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_link_fk" FOREIGN KEY ("set_by","child_id") REFERENCES "public"."guardian_links"("guardian_id","child_id") ON DELETE cascade ON UPDATE no action;
