import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AlbumUsage, albumFull, albumUsagePercent } from './album-usage';

const GiB = 1024 ** 3;

describe('album usage', () => {
  it('shows bytes and items against the quota, the fuller limit deciding the bar', () => {
    const event = { photoCount: 340, usage: { bytes: 1.5 * GiB, maxBytes: 50 * GiB, maxItems: 20_000 } };
    render(<AlbumUsage event={event} />);
    expect(screen.getByText('1,5 GB / 50 GB · 340 / 20.000 dosya')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Albüm kullanımı' })).toHaveAttribute('aria-valuenow', '3');
    expect(albumUsagePercent({ photoCount: 19_000, usage: event.usage })).toBe(95);
    expect(albumUsagePercent({ photoCount: 0, usage: { ...event.usage, bytes: 60 * GiB } })).toBe(100);
  });
});

describe('items awaiting approval in the count', () => {
  it('says the item count includes them, so it can stand beside the approved-only counts', () => {
    const usage = { bytes: 1.5 * GiB, maxBytes: 50 * GiB, maxItems: 20_000 };
    const { rerender } = render(<AlbumUsage event={{ photoCount: 4, pendingCount: 1, usage }} />);
    expect(screen.getByText('1,5 GB / 50 GB · 5 / 20.000 dosya (1 onay bekleyen dahil)')).toBeInTheDocument();
    // Nothing waiting: nothing to explain.
    rerender(<AlbumUsage event={{ photoCount: 4, pendingCount: 0, usage }} />);
    expect(screen.getByText('1,5 GB / 50 GB · 4 / 20.000 dosya')).toBeInTheDocument();
  });
});

describe('a full album', () => {
  const usage = { bytes: 1.5 * GiB, maxBytes: 50 * GiB, maxItems: 20_000 };

  it('says in words that the storage is full, on screen and to the meter', () => {
    render(<AlbumUsage event={{ photoCount: 340, usage: { ...usage, bytes: 50 * GiB } }} />);
    const line = 'Albümün depolama alanı doldu; misafirler yeni fotoğraf ve video yükleyemez.';
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Albüm kullanımı' })).toHaveAttribute(
      'aria-valuetext',
      expect.stringContaining(line),
    );
  });

  it('says the item limit is reached, counting items that await approval as the server does', () => {
    render(<AlbumUsage event={{ photoCount: 19_990, pendingCount: 10, usage }} />);
    expect(
      screen.getByText('Albüm dosya sınırına ulaştı; misafirler yeni fotoğraf ve video yükleyemez.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('1,5 GB / 50 GB · 20.000 / 20.000 dosya (10 onay bekleyen dahil)'),
    ).toBeInTheDocument();
    expect(albumFull({ photoCount: 19_999, usage })).toBeNull();
  });

  it('says nothing of the kind before either limit is reached, even at 100 % rounded', () => {
    render(<AlbumUsage event={{ photoCount: 19_999, usage }} />);
    expect(screen.getByRole('meter', { name: 'Albüm kullanımı' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByTestId('album-full')).not.toBeInTheDocument();
  });
});
