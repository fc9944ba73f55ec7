// A small seeded PRNG so `seed --seed N` reproduces the same data. sfc32 has 128 bits of state
// (a 32-bit generator would repeat call_sids within a few hundred thousand calls).

export interface Rand {
  /** Uniform in [0, 1). */
  (): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  /** Picks a key of `weights` with probability proportional to its value. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** Log-normal with the given median and log-space sigma. */
  logNormal(median: number, sigma: number): number;
  hex(chars: number): string;
  uuid(): string;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

// Cumulative tables, computed once per weights object (callers pass module-level constants).
const tables = new WeakMap<object, { keys: string[]; cumulative: number[] }>();
function table(weights: Readonly<Record<string, number>>) {
  let t = tables.get(weights);
  if (!t) {
    const keys = Object.keys(weights);
    let sum = 0;
    t = { keys, cumulative: keys.map((k) => (sum += weights[k])) };
    tables.set(weights, t);
  }
  return t;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRand(seed: number): Rand {
  const init = splitmix32(seed);
  let a = init(), b = init(), c = init(), d = init();
  const next32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next32(); // warm-up: the first outputs of sfc32 are correlated with the seed

  const rand = (() => next32() / 4294967296) as Rand;
  rand.int = (min, max) => min + Math.floor(rand() * (max - min + 1));
  rand.pick = (items) => items[Math.floor(rand() * items.length)];
  rand.weighted = <K extends string>(weights: Readonly<Record<K, number>>): K => {
    const { keys, cumulative } = table(weights);
    const r = rand() * cumulative[cumulative.length - 1];
    for (let i = 0; i < keys.length; i++) if (r < cumulative[i]) return keys[i] as K;
    return keys[keys.length - 1] as K;
  };
  rand.logNormal = (median, sigma) => {
    // Box-Muller; 1 - rand() keeps the logarithm's argument in (0, 1].
    const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    return median * Math.exp(sigma * z);
  };
  rand.hex = (chars) => {
    let out = "";
    for (let i = 0; i < chars; i += 8) {
      const v = next32();
      out += HEX[v >>> 24] + HEX[(v >>> 16) & 255] + HEX[(v >>> 8) & 255] + HEX[v & 255];
    }
    return out.length === chars ? out : out.slice(0, chars);
  };
  rand.uuid = () => {
    const h = rand.hex(32);
    const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return rand;
}
