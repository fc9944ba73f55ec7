/** Runs `fn` over `items`, at most `n` at a time (a sync page's calls: enough at once to share commits, not a thousand waiting on one lock). */
export async function inPool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/**
 * A request started ahead (a sync's next page, asked for while this one is stored): its failure is
 * handled where it is awaited, or nowhere when the pull stopped first — never an unhandled rejection.
 */
export function prefetched<T>(request: Promise<T>): Promise<T> {
  request.catch(() => {});
  return request;
}
