export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
  /** Paragraphs after the list. */
  closing?: string | string[];
}
