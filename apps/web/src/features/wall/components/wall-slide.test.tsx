import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { WallItem } from '@ani/contract/live';
import { WallSlide, type SlideRole } from './wall-slide';

const item: WallItem = {
  id: 'a',
  type: 'image',
  url: '/media/a.jpg',
  posterUrl: null,
  width: 1600,
  height: 900,
  uploader: 'Ali Demir',
  note: null,
  uploadedAt: '2026-12-05T20:00:00.000Z',
};

/** Mounts one slide; answers its `onFailed`. */
function mount(shown: WallItem, role: SlideRole) {
  const onFailed = vi.fn();
  render(
    <WallSlide
      item={shown}
      role={role}
      fadeMs={0}
      paused={false}
      onEnded={() => undefined}
      onFailed={onFailed}
    />,
  );
  return onFailed;
}

function renderSlide() {
  const onFailed = mount(item, 'leaving');
  return { onFailed, picture: screen.getByAltText('Ali Demir paylaştı') };
}

describe('wall slide', () => {
  it('shows a picture that loads, with its caption', () => {
    const { onFailed, picture } = renderSlide();
    fireEvent.load(picture);
    expect(picture).toBeVisible();
    expect(screen.getByTestId('wall-uploader')).toBeVisible();
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('shows a guest who gave no name as "Misafir", never the stored word "anonymous"', () => {
    mount({ ...item, uploader: 'anonymous' }, 'current');
    expect(screen.getByTestId('wall-uploader')).toHaveTextContent(/^Misafir$/);
    expect(screen.getByAltText('Misafir paylaştı')).toBeInTheDocument();
    expect(screen.queryByText('anonymous')).not.toBeInTheDocument();
  });

  it('keeps a long name to one line (two on a phone) and a long note to two: the photo stays the show', () => {
    mount(
      {
        ...item,
        uploader: 'Ayşegül Nur Karaosmanoğlu Çelikkaya ve Ailesi',
        note: 'Mutluluklar! '.repeat(38),
      },
      'current',
    );
    expect(screen.getByTestId('wall-uploader')).toHaveClass('line-clamp-2', 'sm:line-clamp-1');
    expect(screen.getByTestId('wall-note')).toHaveClass('line-clamp-2');
    expect(screen.getByTestId('wall-note')).not.toHaveClass('line-clamp-3');
  });

  it('hides a picture that fails to load, whatever its role, and says so', () => {
    const { onFailed, picture } = renderSlide();
    fireEvent.error(picture);
    // Neither the broken-image icon nor the alt text nor the caption shows.
    expect(picture).not.toBeVisible();
    expect(screen.getByTestId('wall-uploader')).not.toBeVisible();
    expect(onFailed).toHaveBeenCalledWith('a');
  });
});
