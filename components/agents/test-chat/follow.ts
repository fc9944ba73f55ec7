// When the conversation follows the newest message: only while the reader is at (or within a line
// of) the bottom, so scrolling up to read an earlier reply is not undone by the next streamed piece.

const SLACK_PX = 32;

type Scroll = { scrollHeight: number; scrollTop: number; clientHeight: number };

export function atBottom(el: Scroll, slack = SLACK_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < slack;
}
