/** A static legal page as data, so that its facts can be checked by a test and its contents listed. */
export interface LegalDocument {
  title: string;
  /** PRODUCT-SPEC §2: both legal pages were last updated in December 2024. */
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export interface LegalSection {
  /** The anchor of the section, used by the table of contents. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };

export const LEGAL_LAST_UPDATED = 'December 2024';

/** All the words of a document, for tests and search. */
export function legalText(document: LegalDocument): string {
  const blocks = document.sections.flatMap((section) => [
    section.title,
    ...section.blocks.flatMap((block) => (typeof block === 'string' ? [block] : block.list)),
  ]);
  return [document.title, document.intro, ...blocks].join('\n');
}
