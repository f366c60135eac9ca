-- Metadata fetched before outbound fetches were vetted (SSRF guard, services/safeFetch.ts) may hold
-- the bodies of internal addresses: drop the cache; it refills through the guard on the next read.
delete from nft_metadata;
