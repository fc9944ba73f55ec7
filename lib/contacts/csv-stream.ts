import Papa from "papaparse";

/**
 * Parses a CSV byte stream of any size into rows, chunk by chunk. Bytes are decoded with one
 * streaming TextDecoder: papaparse's own File reader decodes each slice on its own, which breaks a
 * UTF-8 character that straddles two slices (a name like "Zoë" near a boundary becomes "Zo��").
 * The text goes to papaparse's stream parser, which carries partial lines and quoted fields across
 * chunks. Line ends are made uniform first (papaparse guesses one kind from the first chunk, and
 * files stitched together from several sources mix CRLF and LF). A byte-order mark is dropped;
 * blank lines are skipped.
 */
export async function parseCsvStream(
  stream: ReadableStream<Uint8Array>,
  onRows: (rows: string[][]) => void,
  onBytes?: (bytesRead: number) => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  const next = async (): Promise<string | null> => {
    const { done, value } = await reader.read();
    if (done) return null;
    bytes += value.byteLength;
    onBytes?.(bytes);
    return decoder.decode(value, { stream: true });
  };

  // Read until the first line end is seen, to know which kind the file uses (a CR at the very end
  // of what was read may still be followed by an LF).
  let head = "";
  let ended = false;
  while (!/[\r\n]/.test(head) || head.endsWith("\r")) {
    const text = await next();
    if (text === null) {
      ended = true;
      head += decoder.decode();
      break;
    }
    head += text;
  }
  // LF or CRLF (or a mix): CRLF becomes LF. Only a file with bare CRs (classic Mac) keeps CR.
  const crOnly = !head.includes("\n") && head.includes("\r");
  let carry = "";
  const normalise = (text: string, last: boolean) => {
    if (crOnly) return text;
    let t = carry + text;
    carry = "";
    // A CR at the end may be the first half of a CRLF split across chunks: hold it back.
    if (!last && t.endsWith("\r")) {
      carry = "\r";
      t = t.slice(0, -1);
    }
    return t.replace(/\r\n/g, "\n");
  };

  const listeners = new Map<string, (arg?: unknown) => void>();
  // The shape papaparse takes as a Node readable: it subscribes to data/end/error and may pause.
  const source = {
    readable: true,
    read() {},
    pause() {},
    resume() {},
    on(event: string, fn: (arg?: unknown) => void) {
      listeners.set(event, fn);
    },
    removeListener(event: string) {
      listeners.delete(event);
    },
  };
  const emit = (event: string, arg?: unknown) => listeners.get(event)?.(arg);
  const parsed = new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(source as unknown as NodeJS.ReadableStream, {
      header: false,
      newline: crOnly ? "\r" : "\n",
      skipEmptyLines: "greedy",
      chunk: (results) => onRows(results.data),
      complete: () => resolve(),
      error: (err: Error) => reject(err),
    });
  });

  try {
    const first = normalise(head, ended);
    if (first) emit("data", first);
    while (!ended) {
      const text = await next();
      if (text === null) break;
      const t = normalise(text, false);
      if (t) emit("data", t);
    }
    if (!ended) {
      const rest = normalise(decoder.decode(), true);
      if (rest) emit("data", rest);
    }
    emit("end");
  } catch (err) {
    emit("error", err);
  }
  await parsed;
}
