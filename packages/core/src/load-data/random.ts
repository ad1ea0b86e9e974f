/**
 * A seeded pseudo-random source (mulberry32) for generated data: the same seed gives the same
 * data on every run and every machine. Not for secrets.
 */
export interface TRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [from, to). */
  between(from: number, to: number): number;
  /** True with probability `share`. */
  chance(share: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** A version-4-shaped UUID drawn from the seed (so generated ids are stable too). */
  uuid(): string;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function seededRandom(seed: number): TRandom {
  let state = seed | 0;
  const uint32 = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return (x ^ (x >>> 14)) >>> 0;
  };
  const next = () => uint32() / 4_294_967_296;
  const hex32 = (value: number) =>
    `${HEX[value >>> 24]}${HEX[(value >>> 16) & 255]}${HEX[(value >>> 8) & 255]}${HEX[value & 255]}`;
  return {
    next,
    between: (from, to) => Math.floor(from + next() * (to - from)),
    chance: (share) => next() < share,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    uuid: () => {
      const a = hex32(uint32());
      const b = hex32(uint32());
      const c = hex32(((uint32() & 0x3fffffff) | 0x80000000) >>> 0);
      const d = hex32(uint32());
      return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
    },
  };
}
