import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { MediaItem } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { sampleMediaItem } from '../../../test/album-fixtures';
import { AlbumTile } from './album-tile';
import { Lightbox } from './lightbox';

const photo = (id: string, over: Partial<MediaItem> = {}): MediaItem =>
  sampleMediaItem(id, {
    key: `events/e/${id}.jpg`,
    url: `/p/${id}`,
    originalUrl: `/o/${id}`,
    thumbnailUrl: `/t/${id}`,
    size: 8_000_000,
    width: 4000,
    height: 3000,
    ...over,
    metadata: { uploader: 'Ayşe', ...over.metadata },
  });
const broken = photo('x', { thumbnailUrl: null, unreadable: true });

describe('a photo nothing could decode', () => {
  it('is a captioned placeholder tile that never loads the original', () => {
    const { container } = render(<AlbumTile item={broken} index={0} onOpen={() => {}} />);
    expect(screen.getByRole('img', { name: messages.media.unreadable })).toBeInTheDocument();
    expect(screen.getByText(messages.media.unreadable)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('is the same placeholder in the lightbox, without a spinner', () => {
    render(<Lightbox items={[broken]} index={0} onIndexChange={() => {}} />);
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByRole('img', { name: messages.media.unreadable })).toBeInTheDocument();
    expect(within(viewer).queryByTestId('lightbox-image')).toBeNull();
  });

  it('also replaces a readable photo whose picture fails to load, instead of spinning on', () => {
    const { container } = render(<AlbumTile item={photo('a')} index={0} onOpen={() => {}} />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/t/a');
    expect(screen.queryByTestId('unreadable-photo')).toBeNull();
    fireEvent.error(img!);
    expect(screen.getByTestId('unreadable-photo')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
