import { describe, expect, it } from 'vitest';
import { messageResponse } from '@ani/contract/users';
import { apiRequest } from './api-client';
import { getToasts } from '../test/toasts';
import { installFetchMock } from '../test/fetch-mock';
import { jsonResponse } from '../test/render';

const fetchMock = installFetchMock();

describe('api client, wedding calls (their own toast titles)', () => {
  it('titles a failed answer "Wedding API Hatası" and falls back to its own text', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500, statusText: '' }));
    await expect(
      apiRequest('/guests?weddingId=1', { schema: messageResponse, backend: 'wedding' }),
    ).rejects.toThrow("Wedding API'de bir hata oluştu");
    expect(getToasts()[0]).toMatchObject({
      title: 'Wedding API Hatası',
      description: "Wedding API'de bir hata oluştu",
    });
  });

  it('says its own Turkish text, not the browser\'s "Internal Server Error", for a 500 without words', async () => {
    fetchMock.mockImplementation(
      async () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );
    await expect(
      apiRequest('/guests?weddingId=1', { schema: messageResponse, backend: 'wedding' }),
    ).rejects.toThrow("Wedding API'de bir hata oluştu");
    expect(getToasts()[0]).toMatchObject({ description: "Wedding API'de bir hata oluştu" });
  });

  it('titles an unreachable server "Wedding API Bağlantı Hatası"', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      apiRequest('/statistics?weddingId=1', { schema: messageResponse, backend: 'wedding' }),
    ).rejects.toThrow();
    expect(getToasts()[0]).toMatchObject({ title: 'Wedding API Bağlantı Hatası' });
  });

  it('keeps the main titles for main calls', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: false, message: 'Yok' }, 404));
    await expect(apiRequest('/events', { schema: messageResponse })).rejects.toThrow('Yok');
    expect(getToasts()[0]).toMatchObject({ title: 'Hata', description: 'Yok' });
  });
});
