import { describe, expect, it } from "vitest";
import { ReadAhead, TypingPace } from "../src/typing.js";

describe("TypingPace", () => {
  const typed = (at: number[]) => {
    const pace = new TypingPace();
    for (const now of at) pace.key(now);
    return pace.pause();
  };

  it("waits half again the reader's own interval between keys, within 120-350 ms", () => {
    expect(typed([])).toBe(120);
    expect(typed([1000])).toBe(120);
    expect(typed([0, 120, 240, 360, 480])).toBe(180);
    expect(typed([0, 40, 80, 120])).toBe(120);
    expect(typed([0, 300, 600, 900])).toBe(350);
  });

  it("takes the median of the last five intervals, and leaves pauses between bursts out", () => {
    // One slow key among quick ones does not slow the answer.
    expect(typed([0, 100, 200, 700, 800, 900])).toBe(150);
    // A pause of seconds is thinking, not pace.
    expect(typed([0, 100, 200, 5200, 5300])).toBe(150);
    // Only the last five intervals count: the reader sped up.
    expect(typed([0, 300, 600, 900, 1200, 1300, 1400, 1500, 1600, 1700])).toBe(150);
  });
});

describe("ReadAhead", () => {
  /** A read-ahead whose reads wait until released, recording what they read. */
  function controlled() {
    const read: string[] = [];
    const pending: Array<() => void> = [];
    const ahead = new ReadAhead(
      (text) =>
        new Promise<void>((resolve, reject) => {
          read.push(text);
          pending.push(() => (text === "fail" ? reject(new Error("offline")) : resolve()));
        }),
    );
    const release = async () => {
      pending.shift()?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    return { ahead, read, release };
  }

  it("reads one text at a time, then only the latest one asked for", async () => {
    const { ahead, read, release } = controlled();
    ahead.want("m");
    ahead.want("ma");
    ahead.want("mar");
    expect(read).toEqual(["m"]);
    await release();
    expect(read).toEqual(["m", "mar"]);
    await release();
    ahead.want("marg");
    expect(read).toEqual(["m", "mar", "marg"]);
  });

  it("does not read the same text twice in a row, and goes on after a failed read", async () => {
    const { ahead, read, release } = controlled();
    ahead.want("fail");
    ahead.want("fail");
    ahead.want("grid");
    await release();
    expect(read).toEqual(["fail", "grid"]);
    await release();
    ahead.want("grid");
    expect(read).toEqual(["fail", "grid"]);
  });
});
