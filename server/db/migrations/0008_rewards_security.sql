-- The token economy's security (issue #13, docs/decisions/0017-token-economy.md): purchases are made as
-- the buyer (app_user), so row-level security decides whose tokens can be spent: only the signed-in
-- user's own (app.user_id). A user's request may lower its own balance through a purchase and never
-- raise it; earning stays server work (award_tokens as app_system).
ALTER TABLE "avatar_purchases" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT ON "avatar_items" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "avatar_items" TO app_system;--> statement-breakpoint
GRANT SELECT, INSERT ON "avatar_purchases" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "avatar_purchases" TO app_system;--> statement-breakpoint
-- Spending is a negative ledger row (the restrictive policy token_ledger_user_spends_only refuses any other).
GRANT INSERT ON "token_ledger" TO app_user;--> statement-breakpoint
-- The browser's time zone and what the avatar wears are the reader's own settings; the balance may be
-- lowered by a purchase only (trigger below).
GRANT UPDATE ("time_zone", "avatar_outfit", "tokens") ON "profiles" TO app_user;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_tokens_never_raised_by_user() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.tokens > OLD.tokens THEN
    RAISE EXCEPTION 'Only server work may add tokens' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_tokens_never_raised_by_user
  BEFORE UPDATE OF "tokens" ON "profiles"
  FOR EACH ROW
  WHEN (current_user = 'app_user')
  EXECUTE FUNCTION profiles_tokens_never_raised_by_user();--> statement-breakpoint
-- buy_avatar_item: the signed-in user (app.user_id, never a parameter) buys `item` at the price of
-- avatar_items, once per `purchase_key`, and wears it. One statement for the whole purchase: the buyer's
-- profile row is locked first, so purchases of one reader run one at a time and the balance is checked
-- after the lock (it never goes below 0; profiles_tokens_check is the backstop). A repeated key answers
-- the first purchase with replayed = true and spends nothing. Refusals (SQLSTATE P0001, message = code):
-- item_not_found, already_owned, insufficient_tokens, idempotency_conflict (the key was used for another
-- item). Runs with the caller's rights: as app_user every statement is held to the user's own rows.
CREATE OR REPLACE FUNCTION buy_avatar_item(item text, purchase_key text)
  RETURNS jsonb
  LANGUAGE plpgsql
  AS $$
#variable_conflict use_column
DECLARE
  buyer text := app_current_user_id();
  balance integer;
  wanted avatar_items%ROWTYPE;
  earlier avatar_purchases%ROWTYPE;
  bought avatar_purchases%ROWTYPE;
BEGIN
  IF buyer IS NULL THEN
    RAISE EXCEPTION 'User not authenticated' USING ERRCODE = '28000';
  END IF;
  IF coalesce(purchase_key, '') = '' THEN
    RAISE EXCEPTION 'Purchase key required' USING ERRCODE = '22023';
  END IF;
  SELECT tokens INTO balance FROM profiles WHERE user_id = buyer FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No user or profile found' USING ERRCODE = 'P0002';
  END IF;
  SELECT * INTO earlier FROM avatar_purchases WHERE user_id = buyer AND idempotency_key = purchase_key;
  IF FOUND THEN
    IF earlier.item_id <> item THEN
      RAISE EXCEPTION 'idempotency_conflict';
    END IF;
    RETURN jsonb_build_object('id', earlier.id, 'item_id', earlier.item_id, 'price', earlier.price,
      'created_at', earlier.created_at, 'balance', balance, 'replayed', true);
  END IF;
  SELECT * INTO wanted FROM avatar_items WHERE id = item;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'item_not_found';
  END IF;
  IF EXISTS (SELECT 1 FROM avatar_purchases WHERE user_id = buyer AND item_id = item) THEN
    RAISE EXCEPTION 'already_owned';
  END IF;
  IF balance < wanted.price THEN
    RAISE EXCEPTION 'insufficient_tokens';
  END IF;
  INSERT INTO avatar_purchases (user_id, item_id, price, idempotency_key)
    VALUES (buyer, item, wanted.price, purchase_key)
    RETURNING * INTO bought;
  INSERT INTO token_ledger (user_id, amount, reason, idempotency_key)
    VALUES (buyer, -wanted.price, 'avatar_purchase:' || item, 'avatar_purchase:' || purchase_key);
  UPDATE profiles
    SET tokens = tokens - wanted.price,
        avatar_outfit = avatar_outfit || jsonb_build_object(wanted.slot, item),
        updated_at = now()
    WHERE user_id = buyer
    RETURNING tokens INTO balance;
  RETURN jsonb_build_object('id', bought.id, 'item_id', bought.item_id, 'price', bought.price,
    'created_at', bought.created_at, 'balance', balance, 'replayed', false);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION buy_avatar_item(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION buy_avatar_item(text, text) TO app_user;
