import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaItem } from '@ani/contract/media';
import { sampleMediaItem } from '../../../test/album-fixtures';
import { Lightbox } from './lightbox';

const item = (id: string, note: string | null): MediaItem =>
  sampleMediaItem(id, {
    key: `events/e/${id}.jpg`,
    url: `/p/${id}`,
    originalUrl: `/o/${id}`,
    thumbnailUrl: `/t/${id}`,
    size: 1,
    width: 1,
    height: 1,
    metadata: { uploader: 'anonymous', note },
  });
const items = [item('a', 'Birinci not'), item('b', null), item('c', 'Üçüncü not')];

function Harness() {
  const [index, setIndex] = useState<number | null>(0);
  return <Lightbox items={items} index={index} onIndexChange={setIndex} />;
}

describe('lightbox', () => {
  it('zooms with the keyboard between 0.5 and 5, resets with 0 and wraps with the arrows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const viewer = screen.getByRole('dialog');
    const zoom = within(viewer).getByTestId('zoom-level');
    expect(within(viewer).getByText('Birinci not')).toBeInTheDocument();
    expect(within(viewer).getByText('Misafir')).toBeInTheDocument();
    for (let i = 0; i < 6; i++) await user.keyboard('+');
    expect(zoom).toHaveTextContent('%500');
    expect(within(viewer).getByRole('button', { name: /^Yakınlaştır$/ })).toBeDisabled();
    // Above 1× the original replaces the preview.
    expect(within(viewer).getByTestId('lightbox-image')).toHaveAttribute('src', '/o/a');
    await user.keyboard('0');
    expect(zoom).toHaveTextContent('%100');
    for (let i = 0; i < 4; i++) await user.keyboard('-');
    expect(zoom).toHaveTextContent('%50');
    expect(within(viewer).getByRole('button', { name: 'Uzaklaştır' })).toBeDisabled();
    expect(within(viewer).getByTestId('lightbox-image')).toHaveAttribute('src', '/p/a');
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText('Üçüncü not')).toBeInTheDocument();
    expect(zoom).toHaveTextContent('%100');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(viewer).getByText('Not bırakılmamış.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a phone, Escape closes the details the couple opened before it closes the picture', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(375);
    const user = userEvent.setup();
    render(<Harness />);
    const details = screen.getByRole('button', { name: 'Detaylar' });
    expect(details).toHaveAttribute('aria-pressed', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers to delete by the name the couple sees ("Misafir"), and hands over the stored one', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    render(
      <Lightbox
        items={items}
        index={0}
        onIndexChange={() => undefined}
        onDeleteUploader={(u) => asked.push(u)}
      />,
    );
    await user.click(screen.getByRole('button', { name: '“Misafir” adıyla yüklenenlerin tümünü sil' }));
    expect(asked).toEqual(['anonymous']);
  });

  it('counts and wraps over the whole album, not only the loaded pages, and reports where it closed', async () => {
    const user = userEvent.setup();
    const changes: (number | null)[] = [];
    let closedAt: number | null = null;
    function Partial() {
      const [index, setIndex] = useState<number | null>(0);
      return (
        <Lightbox
          items={items}
          total={20}
          index={index}
          onIndexChange={(next) => {
            changes.push(next);
            setIndex(next);
          }}
          onClosed={(at) => (closedAt = at)}
        />
      );
    }
    render(<Partial />);
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByText('1 / 20')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Önceki' }));
    // The 20th item is not loaded yet: the viewer asks for it and waits with a spinner.
    expect(changes).toEqual([19]);
    expect(within(viewer).getByText('20 / 20')).toBeInTheDocument();
    expect(within(viewer).queryByTestId('lightbox-image')).not.toBeInTheDocument();
    expect(within(viewer).getByRole('status', { name: 'Yükleniyor' })).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Sonraki' }));
    expect(changes).toEqual([19, 0]);
    await user.click(within(viewer).getByRole('button', { name: 'Sonraki' }));
    expect(within(viewer).getByText('2 / 20')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(closedAt).toBe(1);
  });
});
