/**
 * What a search box does while keys are typed: when to search ({@link TypingPace}), and what
 * to read before that ({@link ReadAhead}).
 */

/** The shortest and longest pause after a key before the text is searched, milliseconds. */
const MIN_PAUSE_MS = 120;
const MAX_PAUSE_MS = 350;
/** Keys further apart than this are not one burst of typing (a pause to think, a new query). */
const BURST_GAP_MS = 1000;
/** Intervals between keys the pace is taken from. */
const PACE_KEYS = 5;

/**
 * The pause after which typed text is searched: half again the reader's own interval between
 * keys (the median of the last few), so that a search starts when the reader stops rather
 * than between two keys (it would be stopped by the next, its records read for nothing);
 * within 120–350 ms. A quick typist (120 ms a key) is answered 180 ms after the last key, and
 * a slow one is not searched for at every key.
 */
export class TypingPace {
  private lastKey = -Infinity;
  private intervals: number[] = [];

  /** A key changed the text at `now` (milliseconds). */
  key(now: number = performance.now()): void {
    const interval = now - this.lastKey;
    this.lastKey = now;
    if (interval > BURST_GAP_MS) return;
    this.intervals.push(interval);
    if (this.intervals.length > PACE_KEYS) this.intervals.shift();
  }

  /** Milliseconds to wait after the last key before searching. */
  pause(): number {
    if (this.intervals.length === 0) return MIN_PAUSE_MS;
    const sorted = [...this.intervals].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    return Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, Math.round(1.5 * median)));
  }
}

/**
 * Reading ahead while a search box is typed into: each pause between keys is worth reading
 * the words the text holds so far (its chunks, and a typo's lexicon blocks), not the records
 * of its hits, which the next key makes stale. A search box asks for the text after every
 * key; one read runs at a time, then the latest text asked for (the ones typed past meanwhile
 * are skipped), and a read is never cancelled: what it fetched is what the next text needs
 * too, and the search that follows the last key finds its words read and reads only records.
 */
export class ReadAhead {
  private running = false;
  private wanted: string | null = null;
  private last: string | null = null;

  /** `read` reads what searching `text` needs; its failures are the search's to report. */
  constructor(private readonly read: (text: string) => Promise<unknown>) {}

  /** Reads ahead for `text` once the read in progress, if any, has ended. */
  want(text: string): void {
    this.wanted = text;
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.wanted !== null) {
      const text = this.wanted;
      this.wanted = null;
      if (text === this.last) continue;
      this.last = text;
      await this.read(text).catch(() => {});
    }
    this.running = false;
  }
}
