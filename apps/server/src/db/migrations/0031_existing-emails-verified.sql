-- E-mail verification (issue 25): accounts made before it existed are treated as verified, so no
-- member who could use the platform yesterday is locked out of it or of their e-mails today. Every
-- sign-up from now on starts unverified (the column's default) until its link is opened.
UPDATE "users" SET "email_verified" = true WHERE NOT "email_verified";
