import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { ChatDialog, unmatchedNote } from './chat-dialog';

function answer(messages: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, messages }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

describe('chat dialog: replies that matched no invitation', () => {
  it('marks an unmatched reply so the host knows no status was set', async () => {
    answer([
      {
        body: 'Evet',
        timestamp: '2027-06-01T10:00:00.000Z',
        direction: 'inbound',
        status: 'received',
        unmatched: true,
      },
    ]);
    renderWithRouter(
      <ChatDialog weddingId="w1" name="Ortak Misafir" phone="+905321234567" onClose={() => undefined} />,
    );
    expect(await screen.findByText('Evet')).toBeTruthy();
    expect(screen.getByTestId('bubble-unmatched').textContent).toBe(unmatchedNote);
    vi.unstubAllGlobals();
  });

  it('shows an ordinary reply without the mark', async () => {
    answer([
      {
        body: 'Katılacağım',
        timestamp: '2027-06-01T10:00:00.000Z',
        direction: 'inbound',
        status: 'received',
      },
    ]);
    renderWithRouter(
      <ChatDialog weddingId="w1" name="Tek Misafir" phone="+905321234568" onClose={() => undefined} />,
    );
    expect(await screen.findByText('Katılacağım')).toBeTruthy();
    expect(screen.queryByTestId('bubble-unmatched')).toBeNull();
    vi.unstubAllGlobals();
  });
});
