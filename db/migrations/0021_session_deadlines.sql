-- Sessions made while a session lived seven days, sliding, end as the current rule says
-- (docs/decisions/034): at most an hour after now and twelve hours after their sign-in.
UPDATE "auth_session" SET "expires_at" = LEAST("expires_at", now() + interval '1 hour', "created_at" + interval '12 hours');
