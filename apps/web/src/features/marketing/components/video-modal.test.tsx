import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoModal } from './video-modal';

describe('"Nasıl Çalışır?" video', () => {
  it('closes with Escape and with a tap on the dark area, not with a tap on the video', async () => {
    // jsdom plays no media; the browser's methods stand in.
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<VideoModal open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Anı Kutusu nasıl çalışır?' });
    // Its own pause button instead of the browser's controls, which would keep Escape to themselves.
    expect(dialog.querySelector('video')).not.toHaveAttribute('controls');
    // Until the video really plays (autoplay waits for enough data), the button offers to play it.
    const video = dialog.querySelector('video')!;
    await user.click(screen.getByRole('button', { name: 'Videoyu oynat' }));
    expect(play).toHaveBeenCalled(); // jsdom's video never started, so the toggle plays it
    fireEvent.play(video);
    expect(screen.getByRole('button', { name: 'Videoyu duraklat' })).toBeInTheDocument();
    fireEvent.pause(video);
    expect(screen.getByRole('button', { name: 'Videoyu oynat' })).toBeInTheDocument();

    // The keyboard goes round the two buttons; the video is not a stop of its own.
    expect(video).toHaveAttribute('tabindex', '-1');
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(dialog);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    screen.getByRole('button', { name: 'Videoyu kapat' }).focus();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
