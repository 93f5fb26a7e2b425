/**
 * The server's notion of "now", injectable so tests can move time forward (token and lock
 * expiry, rate-limit windows, mail retries) instead of sleeping. Every expiry the server
 * decides is computed from this clock and passed to SQL as a value, never from SQL's now().
 */
export type Clock = {
  now(): Date;
};

export const systemClock: Clock = { now: () => new Date() };

/** Real time plus an offset that only grows: `advance(15 * 60_000)` is a quarter of an hour later. */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('A test clock only moves forward');
    this.offsetMs += ms;
  }
}

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
