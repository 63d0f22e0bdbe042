import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { hasSeenIntro, markIntroSeen } from './intro-flag';
import { IntroAnimation } from './components/intro-animation';

describe('intro animation flag', () => {
  beforeEach(() => window.localStorage.clear());
  it('is unseen until marked, then remembered under dashboard-animation-seen', () => {
    expect(hasSeenIntro()).toBe(false);
    markIntroSeen();
    expect(window.localStorage.getItem('dashboard-animation-seen')).toBe('true');
    expect(hasSeenIntro()).toBe(true);
  });
});

describe('IntroAnimation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps at 500 and 2000 ms and finishes at 3500 ms', () => {
    const done = vi.fn();
    render(<IntroAnimation onDone={done} />);
    const intro = screen.getByTestId('intro-animation');
    expect(intro.dataset.step).toBe('0');
    act(() => void vi.advanceTimersByTime(500));
    expect(intro.dataset.step).toBe('1');
    act(() => void vi.advanceTimersByTime(1500));
    expect(intro.dataset.step).toBe('2');
    act(() => void vi.advanceTimersByTime(1499));
    expect(done).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('can be skipped', () => {
    const done = vi.fn();
    render(<IntroAnimation onDone={done} />);
    act(() => screen.getByRole('button', { name: 'Geç' }).click());
    expect(done).toHaveBeenCalled();
  });
});
