// "1 call", "2 calls", "1,234 calls": the word follows the language's plural rules (Intl.PluralRules),
// the number the browser's separators. The console is written in English, so the rules are English.

const rules = new Intl.PluralRules("en");
const count = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** The word alone: `pluralWord(1, "call")` → "call"; irregular plurals via `other`. */
export function pluralWord(n: number, one: string, other = `${one}s`): string {
  return rules.select(n) === "one" ? one : other;
}

/** The count and its word: `plural(1, "call")` → "1 call", `plural(2, "person", "people")` → "2 people". */
export function plural(n: number, one: string, other?: string): string {
  return `${count.format(n)} ${pluralWord(n, one, other)}`;
}
