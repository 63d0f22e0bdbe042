import { privacySections, privacyUpdated } from '../privacy-text';
import { termsSections, termsUpdated } from '../terms-text';
import { LegalText } from './legal-text';

// Loaded on demand: the legal texts are long and only needed once a dialog opens.
export function PrivacyBody() {
  return <LegalText sections={privacySections} updated={privacyUpdated} />;
}

export function TermsBody() {
  return <LegalText sections={termsSections} updated={termsUpdated} />;
}
