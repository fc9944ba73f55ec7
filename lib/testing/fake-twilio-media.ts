// Recording media for the fake Twilio: small generated files (the same bytes every run, so a test
// can compare what it downloaded), served with byte ranges the way a media server does, because
// the app streams recordings to the console's audio player, which asks for ranges.
import type http from "node:http";

const RATE = 8000; // Twilio records calls at 8 kHz
const SECONDS = 0.25;

/** A 16-bit PCM WAV of a 440 Hz tone (a quieter 660 Hz on the second channel of a dual recording). */
export function recordingWav(channels: 1 | 2): Buffer {
  const frames = Math.round(RATE * SECONDS);
  const dataBytes = frames * channels * 2;
  const b = Buffer.alloc(44 + dataBytes);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write("WAVEfmt ", 8, "ascii");
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(RATE, 24);
  b.writeUInt32LE(RATE * channels * 2, 28); // bytes per second
  b.writeUInt16LE(channels * 2, 32); // bytes per frame
  b.writeUInt16LE(16, 34); // bits per sample
  b.write("data", 36, "ascii");
  b.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const [hz, amplitude] = c === 0 ? [440, 8000] : [660, 4000];
      b.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / RATE)), 44 + (i * channels + c) * 2);
    }
  }
  return b;
}

/**
 * Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono): a header, then zeros, which a
 * decoder reads as empty granules. Enough for a player to accept it as audio/mpeg.
 */
export function recordingMp3(): Buffer {
  const FRAME = 417; // 144 * 128000 / 44100, no padding
  const b = Buffer.alloc(FRAME * 10);
  for (let at = 0; at < b.length; at += FRAME) b.set([0xff, 0xfb, 0x90, 0xc4], at);
  return b;
}

type Range = { start: number; end: number } | "unsatisfiable" | null;

/**
 * One `bytes=` range (first-last, first-, or -suffix). Anything else (several ranges, another
 * unit, bad syntax) is null and the whole body is served, which RFC 9110 allows a server to do.
 */
export function parseRange(header: string | undefined, size: number): Range {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== "" && Number(m[2]) < start) return null; // last before first: invalid, ignored
  if (start >= size) return "unsatisfiable";
  return { start, end: m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

export function sendMedia(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, type: string): void {
  const range = parseRange(req.headers.range, body.length);
  const head = { "content-type": type, "accept-ranges": "bytes" };
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...head, "content-range": `bytes */${body.length}`, "content-length": 0 });
    return void res.end();
  }
  const part = range ? body.subarray(range.start, range.end + 1) : body;
  res.writeHead(range ? 206 : 200, {
    ...head, "content-length": part.length,
    ...(range ? { "content-range": `bytes ${range.start}-${range.end}/${body.length}` } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : part);
}
