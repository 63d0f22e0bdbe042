export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
  closing?: string;
}
