// Ranked search for the pickers (time zones, countries, any Combobox). A plain "contains" filter in
// list order let "India" + Enter pick "British Indian Ocean Territory" (alphabetically first): here
// an exact match beats a prefix, a prefix beats a word start, a word start beats a substring, and a
// hit on the name beats a hit on a secondary keyword (a code, a legacy name, a country).

export type Searchable = { label: string; value: string; keywords?: string | readonly string[] };

/** Lower case, accents dropped, `_` and `/` read as spaces ("Asia/Ho_Chi_Minh" → "asia ho chi minh"). */
export function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[_/]+/g, " ").replace(/\s+/g, " ").trim();
}

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contains it; Infinity: no match. */
function termScore(term: string, q: string): number {
  if (term === q) return 0;
  if (term.startsWith(q)) return 1;
  if (term.includes(` ${q}`) || term.includes(`(${q}`)) return 2;
  return term.includes(q) ? 3 : Infinity;
}

function keywordList(k: Searchable["keywords"]): readonly string[] {
  if (!k) return [];
  return typeof k === "string" ? [k] : k;
}

/** Best score of one item: primary terms (label, value) score 2·s, keywords 2·s + 1. */
export function matchScore(item: Searchable, query: string): number {
  const q = normalize(query);
  if (!q) return 0;
  let best = Infinity;
  for (const t of [item.label, item.value]) best = Math.min(best, 2 * termScore(normalize(t), q));
  for (const t of keywordList(item.keywords)) best = Math.min(best, 2 * termScore(normalize(t), q) + 1);
  return best;
}

/** The items that match `query`, best first; equal scores keep the list's order. Empty query: all. */
export function rankMatches<T extends Searchable>(items: readonly T[], query: string): T[] {
  if (!normalize(query)) return [...items];
  return items
    .map((item, index) => ({ item, index, score: matchScore(item, query) }))
    .filter((s) => s.score !== Infinity)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((s) => s.item);
}
