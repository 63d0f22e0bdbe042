// Every product constant (sizes, timings, counts), in one place so web and server never disagree.
export const limits = {
  passwordMinLength: 6,
  passwordMaxLength: 128,
  usernameMaxLength: 100,
  emailMaxLength: 254,
  eventTitleMin: 3,
  eventTitleMax: 100,
  eventDescriptionMax: 500,
  uploaderNameMin: 2,
  uploaderNameMax: 100,
  uploadNoteMax: 500,
  maxPhotosPerUpload: 10,
  maxVideosPerUpload: 3,
  maxUploadBytes: 100 * 1024 * 1024,
  albumPageSize: 12,
  previewFetchCount: 4,
  previewShownCount: 3,
  photosDefaultLimit: 4,
  photosMaxLimit: 100,
  /** Items per page of the wall's list (the default and the most one page holds). */
  wallPageLimit: 100,
  /**
   * Items a wall keeps and loops over. At 8 s a slide, 3000 photos take 6.7 hours to show once, a whole
   * night; past that the wall loops over the newest 3000 (only their metadata is held, about 1 kB each).
   */
  wallMaxItems: 3000,
  scrollTriggerPx: 300,
  visibilityThreshold: 0.1,
  zoomMin: 0.5,
  zoomMax: 5,
  zoomStep: 1.5,
  settingsAutosaveMs: 1000,
  downloadProgressTickMs: 300,
  downloadProgressCap: 95,
  downloadAutoCloseMs: 2000,
  /**
   * Album ZIP downloads written at once for one event, and in all by one server process (decision
   * 0133). A download past either gets 429 with a Retry-After instead of its rows and read buffers.
   */
  albumDownloadsPerEvent: 4,
  albumDownloadsPerProcess: 16,
  qrSizeEventCard: 200,
  qrSizeSettings: 160,
  logoutRedirectMs: 100,
  toastDurationMs: 5000,
  albumToastDurationMs: 3000,
  registerSuccessToastMs: 10000,
  toastLimit: 5,
  toastMaxWidthPx: 420,
  stockCoverCount: 8,
  mobileBreakpointPx: 768,
  defaultWeddingCapacity: 250,
  guestCountMin: 0,
  guestCountMax: 10,
  // A row's count edited on the list (who actually comes) may exceed what was expected, up to this.
  attendingCountMax: 100,
  phoneMaxLength: 13,
  guestAutosaveMs: 2000,
  /**
   * Rows one wedding's guest list may hold. A row is a household of up to `guestCountMax` people, so
   * this seats far more than the largest weddings, and it bounds what one approval can send.
   */
  guestsPerWeddingMax: 1000,
  /**
   * WhatsApp invitations one account may queue in 24 hours, over all its weddings: two full lists.
   * Every invitation goes out from the company's one WhatsApp number.
   */
  invitationsPerAccountPerDay: 2000,
  invitationImageMaxBytes: 5 * 1024 * 1024,
  /** An invitation image's pixel count at most ("en fazla 100 megapiksel"), checked by the page and the server. */
  invitationImageMaxPixels: 100_000_000,
  coverUploadMaxBytes: 15 * 1024 * 1024,
  introAnimationStepsMs: [500, 2000, 3500],
  cardThemeCount: 10,
  carouselStepPx: 300,
  carouselVisible: 4,
  testimonialAutoplayMs: 5000,
} as const;

export const storageKeys = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  dashboardAnimationSeen: 'dashboard-animation-seen',
  sharedToken: 'shared_token',
} as const;
