// Test helper of the reference lists: the Type operations answered by a stub of fetch (the lists are read through
// callApi), the addresses asked and the toasts raised recorded.
import { onTestFinished, vi } from 'vitest';
import { on, type Toast } from '../shared/events';
import { jsonAnswer } from '../ui/testing';

/** An answer of `stubTypeReads`: the read fails (the server answers 500). */
export const FAILED = Symbol('failed');

/**
 * Stubs fetch: each call takes the next answer (the last one repeats; FAILED answers 500; a promise answers when it
 * resolves). `urls` are the addresses asked, in order; `toasts` what the calls raised (the lists are read quietly:
 * none). Undone when the test finishes.
 */
export function stubTypeReads(...answers: unknown[]): { urls: string[]; toasts: Toast[] } {
  const urls: string[] = [];
  const toasts: Toast[] = [];
  const off = on('notify', (toast) => toasts.push(toast));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answer = await answers[Math.min(urls.length, answers.length - 1)];
      urls.push(url);
      return answer === FAILED ? jsonAnswer({ message: 'failed' }, 500) : jsonAnswer(answer);
    }),
  );
  onTestFinished(() => {
    off();
    vi.unstubAllGlobals();
  });
  return { urls, toasts };
}
