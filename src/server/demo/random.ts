/** mulberry32 with a few helpers: the demo is made from a seed, so it looks the same every time it is made. */
export function randomness(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  /** One of the items, each as likely as its weight (none when every weight is 0). */
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T | null => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    if (total <= 0) return null;
    let r = next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1] ?? null;
  };
  const shuffled = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  /** A version 4 UUID made of the generator's bits, so ids repeat with the seed. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
    hex[12] = "4";
    hex[16] = ((int(0, 15) & 0x3) | 0x8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, chance, pick, weighted, shuffled, uuid };
}
export type Random = ReturnType<typeof randomness>;
