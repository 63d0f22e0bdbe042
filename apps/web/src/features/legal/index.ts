export { PrivacyPolicyDialog, TermsOfUseDialog, TermsOfUseText } from './components/legal-dialogs';
