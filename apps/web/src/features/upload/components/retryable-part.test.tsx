import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailedAlert, PartBoundary, useRetryablePart } from './retryable-part';

function Page({ load }: { load: () => Promise<{ default: () => React.ReactElement }> }) {
  const part = useRetryablePart(load);
  return (
    <PartBoundary key={part.attempt} fallback={<LoadFailedAlert onRetry={part.retry} />}>
      <Suspense fallback={<p>Yükleniyor</p>}>
        <part.Part />
      </Suspense>
    </PartBoundary>
  );
}

describe('a part of the guest page whose code loads later', () => {
  it('says so when its code fails to load, and loads it again on "Tekrar Dene"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactElement }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => <p>Yüklediklerim listesi</p> });
    render(<Page load={load} />);
    expect(await screen.findByText('Yükledikleriniz şu anda gösterilemiyor.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findByText('Yüklediklerim listesi')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the part itself when its code loads', async () => {
    render(<Page load={async () => ({ default: () => <p>Yüklediklerim listesi</p> })} />);
    expect(await screen.findByText('Yüklediklerim listesi')).toBeInTheDocument();
    expect(screen.queryByText('Yükledikleriniz şu anda gösterilemiyor.')).not.toBeInTheDocument();
  });
});
