// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_FRESH_MS, forgetEarlyReads, readEarly, takeEarly } from '@/api/early-reads';
import { AUTH_TOKEN_KEY } from '@/api/session-storage-keys';

beforeEach(() => {
  localStorage.setItem(AUTH_TOKEN_KEY, 'token-of-dana');
});
afterEach(() => {
  forgetEarlyReads();
  localStorage.clear();
});

const NOW = 1_000_000;

/** A read whose response says `words`. */
const answering = (words: string) => async () => new Response(words);
const text = async (response: Promise<Response>) => (await response).text();

describe('early reads', () => {
  it('hands the screen the read already under way, once; the next take reads again', async () => {
    const early = vi.fn(answering('early answer'));
    const late = vi.fn(answering('late answer'));
    readEarly('order-details:7', early, NOW);
    await expect(text(takeEarly('order-details:7', late, NOW + 50))).resolves.toBe('early answer');
    await expect(text(takeEarly('order-details:7', late, NOW + 60))).resolves.toBe('late answer');
    expect([early.mock.calls.length, late.mock.calls.length]).toEqual([1, 1]);
  });

  it('starts a read once while it is fresh, and again once it is not', () => {
    const read = vi.fn(answering('answer'));
    readEarly('application:7', read, NOW);
    readEarly('application:7', read, NOW + EARLY_READ_FRESH_MS - 1);
    expect(read).toHaveBeenCalledTimes(1);
    readEarly('application:7', read, NOW + EARLY_READ_FRESH_MS);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads afresh when the early answer is no longer fresh', async () => {
    readEarly('order-details:7', answering('old answer'), NOW);
    await expect(text(takeEarly('order-details:7', answering('new answer'), NOW + EARLY_READ_FRESH_MS))).resolves.toBe(
      'new answer',
    );
  });

  it('never hands one session’s read to another: the stored token is part of the key', async () => {
    readEarly('order-details:7', answering('Dana’s order'), NOW);
    localStorage.setItem(AUTH_TOKEN_KEY, 'token-of-sam');
    await expect(text(takeEarly('order-details:7', answering('read for Sam'), NOW + 10))).resolves.toBe('read for Sam');
  });

  it('keeps apart reads of different keys', async () => {
    readEarly('order-details:7', answering('order 7'), NOW);
    await expect(text(takeEarly('order-details:8', answering('order 8'), NOW))).resolves.toBe('order 8');
    await expect(text(takeEarly('order-details:7', answering('read again'), NOW))).resolves.toBe('order 7');
  });

  it('a refused early read nobody takes is not an unhandled rejection; taken, it rejects as the read would', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      readEarly('order-details:9', async () => Promise.reject(new Error('Not found')), NOW);
      readEarly('order-details:10', async () => Promise.reject(new Error('Not found')), NOW);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeEarly('order-details:9', answering('read again'), NOW)).rejects.toThrow('Not found');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('forgets every early read', async () => {
    readEarly('order-details:7', answering('early answer'), NOW);
    forgetEarlyReads();
    await expect(text(takeEarly('order-details:7', answering('read again'), NOW))).resolves.toBe('read again');
  });
});
