import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AlbumUsage, albumUsagePercent } from './album-usage';

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
