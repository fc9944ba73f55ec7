import type { RegExpEngine } from "ajv/dist/types";

// Tool schemas come from users, and their `pattern`s run on our event loop: one catastrophic
// backtracking pattern (`(a+)+$`) would stall every request of every account. Without RE2 (a
// native dependency) we refuse the exponential shapes, as safe-regex does: a repeated group that
// itself contains a quantifier or an alternation, and backreferences. Polynomial blow-ups are
// bounded instead by the size cap on test bodies (docs/decisions.md, "Tools").

export const MAX_PATTERN_LENGTH = 512;

/** Why `pattern` is refused, or null when it is acceptable (syntax errors are left to RegExp). */
export function unsafePatternReason(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  // `risky`: the group contains a quantifier or an alternation, so repeating it can backtrack
  // exponentially. `last`: the atom a following quantifier applies to.
  const stack: { risky: boolean }[] = [{ risky: false }];
  let last: { risky: boolean } | null = null;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    const top = stack[stack.length - 1];
    if (c === "\\") {
      const n = pattern[i + 1] ?? "";
      if (/[1-9k]/.test(n)) return "backreferences are not supported in patterns";
      i += 2;
      // \p{…}, \u{…}: the braces belong to the escape, not a quantifier.
      if (/[pPu]/.test(n) && pattern[i] === "{") i = pattern.indexOf("}", i) + 1 || pattern.length;
      last = { risky: false };
    } else if (c === "[") {
      i = skipClass(pattern, i);
      last = { risky: false };
    } else if (c === "(") {
      stack.push({ risky: false });
      i += 1;
      last = null;
    } else if (c === ")") {
      const group = stack.length > 1 ? stack.pop()! : top;
      stack[stack.length - 1].risky ||= group.risky;
      last = { risky: group.risky };
      i += 1;
    } else if (c === "|") {
      top.risky = true;
      last = null;
      i += 1;
    } else {
      const q = quantifierAt(pattern, i);
      if (!q) {
        last = { risky: false };
        i += 1;
        continue;
      }
      if (q.repeats && last?.risky) {
        return "pattern repeats a group that contains a quantifier or '|' (exponential backtracking); simplify it";
      }
      top.risky = true;
      last = null;
      i += q.length + (pattern[i + q.length] === "?" ? 1 : 0); // lazy suffix
    }
  }
  return null;
}

function skipClass(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "^") i += 1;
  if (pattern[i] === "]") i += 1;
  while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
  return i + 1;
}

function quantifierAt(pattern: string, i: number): { length: number; repeats: boolean } | null {
  const c = pattern[i];
  if (c === "*" || c === "+") return { length: 1, repeats: true };
  if (c === "?") return { length: 1, repeats: false };
  if (c !== "{") return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
  if (!m) return null;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]);
  return { length: m[0].length, repeats: max > 1 };
}

export class UnsafePatternError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "UnsafePatternError";
  }
}

/** ajv's `code.regExp`: compiles schema patterns (unicode mode, as ajv does) after the check above. */
export const safeRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const reason = unsafePatternReason(pattern);
    if (reason) throw new UnsafePatternError(reason);
    return new RegExp(pattern, flags);
  },
  { code: "new RegExp" },
);
