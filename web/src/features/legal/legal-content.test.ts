import { describe, expect, it } from 'vitest';
import { legalText, type LegalDocument } from './legal-document';
import { PRIVACY_POLICY } from './privacy-policy.content';
import { TERMS_OF_SERVICE } from './terms-of-service.content';

const DOCUMENTS: readonly LegalDocument[] = [PRIVACY_POLICY, TERMS_OF_SERVICE];

describe.each(DOCUMENTS)('$title', (document) => {
  it('[legal-last-updated] was last updated December 2024', () => {
    expect(document.lastUpdated).toBe('December 2024');
  });

  it('[legal-toc] gives every section a distinct anchor that is safe in a URL', () => {
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('[legal-facts] excludes children under 13', () => {
    expect(legalText(document)).toMatch(/under 13/);
  });
});

describe('Privacy Policy', () => {
  it('[legal-facts] deletes account data within 30 days of closure', () => {
    expect(legalText(PRIVACY_POLICY)).toMatch(/delete your account data within 30 days of closure/);
  });
});

describe('Terms of Service', () => {
  const text = legalText(TERMS_OF_SERVICE);

  it('[legal-facts] gives a 30-day grace period after termination', () => {
    expect(text).toMatch(/After termination there is a 30-day grace period/);
  });

  it('[legal-facts] says fees are non-refundable', () => {
    expect(text).toMatch(/Fees are non-refundable/);
  });

  it("[legal-facts] gives 30 days' notice of price changes", () => {
    expect(text).toMatch(/30 days['’] notice before a price change/);
  });

  it('[legal-facts] caps liability at the last 12 months of payments', () => {
    expect(text).toMatch(/capped at the amount you paid us in the last 12 months/);
  });
});
