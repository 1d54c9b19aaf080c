-- Simplified Chinese (zh-Hans) joins zh-HK and en for the operator's texts: each legal document
-- version and each offer may have a zh-Hans row (the API falls back to zh-HK's when it has none).
ALTER TABLE legal_documents DROP CONSTRAINT legal_documents_lang_check;
ALTER TABLE legal_documents ADD CONSTRAINT legal_documents_lang_check CHECK (lang IN ('zh-HK', 'zh-Hans', 'en'));
ALTER TABLE redemption_offers DROP CONSTRAINT redemption_offers_lang_check;
ALTER TABLE redemption_offers ADD CONSTRAINT redemption_offers_lang_check CHECK (lang IN ('zh-HK', 'zh-Hans', 'en'));
