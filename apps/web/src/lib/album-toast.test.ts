import { afterEach, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { getToasts, resetToasts } from '../test/toasts';
import { albumToast } from './album-toast';

afterEach(() => act(() => resetToasts()));

describe('album toast', () => {
  it('shows one at a time for 3 s: a new album message closes the previous one', () => {
    albumToast('success', 'Fotoğraf başarıyla silindi.');
    albumToast('destructive', 'Hata', 'Fotoğraf silinirken bir hata oluştu.');
    expect(getToasts()).toEqual([
      expect.objectContaining({
        title: 'Hata',
        description: 'Fotoğraf silinirken bir hata oluştu.',
        variant: 'destructive',
        duration: 3000,
      }),
    ]);
  });
});
