// When the conversation follows the newest message: while the reader is at (or within a line of) the
// bottom, and until the reader scrolls up, so reading an earlier reply is not undone by the next
// streamed piece. Growth alone never stops it: a tool card's result or a shrinking box (a phone's
// keyboard opening) moves the bottom away without the reader doing anything.

const SLACK_PX = 32;

type Scroll = { scrollHeight: number; scrollTop: number; clientHeight: number };

export function atBottom(el: Scroll, slack = SLACK_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < slack;
}

/**
 * Whether to keep following after a scroll event. `lastTop` is the scrollTop of the previous event:
 * only a move up is the reader's (the follower only scrolls down, and content growing between its
 * scroll and the event leaves scrollTop where it was, short of the new bottom).
 */
export function keepsFollowing(following: boolean, lastTop: number, el: Scroll): boolean {
  if (atBottom(el)) return true;
  return following && el.scrollTop >= lastTop;
}
