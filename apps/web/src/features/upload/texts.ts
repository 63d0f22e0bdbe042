// The contract's texts this page shows, under the names its components use. They come from the
// contract's guest module, not '@ani/contract/messages': the page guests open on phones would
// otherwise carry the whole messages module (~8 kB gzip of texts for other screens).
export {
  guestGeneric as genericTexts,
  guestUpload as uploadTexts,
  guestEvents as eventTexts,
  guestSubmissions as submissionTexts,
  guestMyUploads as myUploadsTexts,
} from '@ani/contract/messages-guest';
