-- The operator's own texts a customer reads in the forms.
-- Legal documents are versioned: a new text is a new version row, old versions stay so that a
-- lead's recorded acceptance always names a text that can be shown again.
CREATE TABLE legal_documents (
  kind text NOT NULL CHECK (kind IN ('privacy_policy', 'pics')),
  version text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('zh-HK', 'en')),
  title text NOT NULL,
  body text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, version, lang)
);
CREATE INDEX legal_documents_current ON legal_documents (kind, lang, published_at DESC);

-- What a flow's member QR code can be redeemed for, where, and for how many days from the
-- registration (the completion page shows each customer's own last day).
CREATE TABLE redemption_offers (
  flow text NOT NULL CHECK (flow IN ('nuform', 'recruitment')),
  lang text NOT NULL CHECK (lang IN ('zh-HK', 'en')),
  gift text NOT NULL,
  places text NOT NULL,
  valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 3660),
  PRIMARY KEY (flow, lang)
);
