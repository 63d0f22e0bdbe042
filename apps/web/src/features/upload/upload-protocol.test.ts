import { describe, expect, it } from 'vitest';
import * as contract from '@ani/contract/uploads';
import { guestTokenHeader, tusUpload } from './upload-protocol';

describe('upload protocol constants', () => {
  it('are the contract’s', () => {
    expect(tusUpload.chunkBytes).toBe(contract.tusChunkBytes);
    expect(tusUpload.metadata).toEqual(contract.tusMetadataKeys);
    expect(tusUpload.outcomeHeader).toBe(contract.uploadOutcomeHeader);
    expect(contract.uploadOutcome.options).toEqual(['accepted', 'duplicate']);
    expect(guestTokenHeader).toBe(contract.guestTokenHeader);
  });
});
