-- nu-forms schema, version 1. The same SQL runs on PGlite and PostgreSQL (15+).

CREATE TABLE staff (
  staff_id text PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  role text NOT NULL CHECK (role IN ('staff', 'admin')),
  phone text NOT NULL DEFAULT '',
  -- Where one-time codes are mailed when SMTP_URL is set; never part of the staff record.
  email text,
  need_otp text NOT NULL DEFAULT 'N' CHECK (need_otp IN ('Y', 'N')),
  password_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE leads (
  id text PRIMARY KEY,
  flow text NOT NULL CHECK (flow IN ('nuform', 'recruitment')),
  email text NOT NULL,
  -- Everything else of the lead (names, phone, address, consents, baby …), validated by the API.
  details jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (email, flow)
);

-- One redemption per lead and kind: the primary key is what makes redemption exactly-once.
CREATE TABLE redemptions (
  lead_id text NOT NULL REFERENCES leads (id),
  kind text NOT NULL CHECK (kind IN ('member', 'nutritionist')),
  staff_id text NOT NULL REFERENCES staff (staff_id),
  staff_name text NOT NULL,
  note text,
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lead_id, kind)
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (id),
  staff_id text NOT NULL REFERENCES staff (staff_id),
  staff_name text NOT NULL,
  details jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_lead ON invoices (lead_id);

-- E-mail codes of customers and one-time codes of staff; only an HMAC of the code is kept.
CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('customer', 'staff')),
  subject text NOT NULL,
  flow text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX one_time_codes_subject ON one_time_codes (purpose, subject, flow, created_at DESC);

-- Sliding-window rate limits; `bucket` is an HMAC, never a raw address or e-mail.
CREATE TABLE rate_events (
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, at);

CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- The one maintenance record (docs/rules.md#maintenance). `environment` is not stored: it is APP_ENV.
CREATE TABLE maintenance (
  id integer PRIMARY KEY CHECK (id = 1),
  enable_maintenance text NOT NULL DEFAULT 'false',
  enable_maintenance_nuform text NOT NULL DEFAULT 'false',
  enable_maintenance_reform text NOT NULL DEFAULT 'false',
  nuform_online_date text NOT NULL DEFAULT '',
  maintenance_messages text NOT NULL DEFAULT '',
  maintenance_messages_nuform text NOT NULL DEFAULT '',
  maintenance_messages_reform text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
INSERT INTO maintenance (id) VALUES (1);

-- Mail to send (SMTP_URL set) or the dev outbox (unset). `to_addr` is the e-mail or staff id the
-- code is for; `mail_to` the address it goes to. Code and text are cleared once mailed.
CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_addr text NOT NULL,
  mail_to text,
  kind text NOT NULL CHECK (kind IN ('customer-code', 'staff-code')),
  code text,
  text text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX outbox_to ON outbox (to_addr, created_at DESC);
CREATE INDEX outbox_unsent ON outbox (created_at) WHERE sent_at IS NULL;

-- Reference lists (docs/rules.md#fields-and-formats). Hospital ids are per type: (type, id) is the key.
CREATE TABLE hospitals (
  type text NOT NULL CHECK (type IN ('Private', 'Public')),
  id integer NOT NULL,
  en_name text NOT NULL,
  cn_name text NOT NULL,
  PRIMARY KEY (type, id)
);

CREATE TABLE clinics (
  id text PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  district text NOT NULL,
  address_zh text NOT NULL,
  address_en text NOT NULL,
  phone text NOT NULL,
  sort integer NOT NULL
);

CREATE TABLE products (
  id text PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  description_zh text NOT NULL,
  description_en text NOT NULL,
  image_url text NOT NULL,
  sort integer NOT NULL
);

-- Secrets the instances must share when no TOKEN_SECRET is configured (PostgreSQL only).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
