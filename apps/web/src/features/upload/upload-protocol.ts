// The contract's tus constants (packages/contract/src/uploads.ts), copied because that module builds
// zod schemas at load time and zod would join the phone's download; upload-protocol.test.ts keeps the
// copies equal to the contract.
export const tusUpload = {
  endpoint: '/api/uploads',
  chunkBytes: 8 * 1024 * 1024,
  metadata: { submissionId: 'submissionId', filename: 'filename', filetype: 'filetype' },
  outcomeHeader: 'upload-outcome',
} as const;

export const guestTokenHeader = 'x-guest-token';
