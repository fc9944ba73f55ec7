import { formatCount } from "@/lib/calls/format";
import { plural } from "@/lib/format/plural";

/**
 * What the confirmation says of the count: the matching calls when every row is loaded (exact then),
 * and how many of them a run would analyse (`total`, from the preview; undefined while it is counted).
 */
export function countWords(shown: number, allLoaded: boolean, total: number | undefined): string {
  if (!allLoaded) {
    if (total === undefined) return "Counting the calls that match the call log's filters…";
    return total === 0 ? "None of the calls that match the call log's filters can be analysed." :
      `${plural(total, "call")} that ${total === 1 ? "matches" : "match"} the call log's filters can be analysed.`;
  }
  const matching = `${plural(shown, "call")} ${shown === 1 ? "matches" : "match"} the call log's filters`;
  if (total === undefined) return `${matching}; counting those that can be analysed…`;
  if (total === 0) return `${matching}; none can be analysed.`;
  if (total === shown) return `${matching}; ${shown === 1 ? "it" : `all ${formatCount(total)}`} can be analysed.`;
  return `${matching}; ${formatCount(total)} of them can be analysed.`;
}
