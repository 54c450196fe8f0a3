CREATE TABLE "trusted_devices" (
	"email" text NOT NULL,
	"device" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_devices_email_device_pk" PRIMARY KEY("email","device")
);
--> statement-breakpoint
-- Failure counts per account and device (server/auth/lockout.ts); the old per-account key goes.
ALTER TABLE "login_attempts" DROP CONSTRAINT "login_attempts_pkey";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_email_device_pk" PRIMARY KEY("email","device");--> statement-breakpoint
CREATE INDEX "trusted_devices_last_sign_in_idx" ON "trusted_devices" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE INDEX "login_attempts_first_failure_idx" ON "login_attempts" USING btree ("first_failure_at");