"use client";

import * as React from "react";
import type { WorkerMessage, WorkerReplies, WorkerRequest } from "@/lib/contacts/csv-protocol";

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; onProgress?: (done: number, total: number) => void };

export interface CsvWorker {
  request<T extends WorkerRequest["type"]>(
    request: Extract<WorkerRequest, { type: T }>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<WorkerReplies[T]>;
  /** Drops the worker and its rows (another file, or the uploader closed); pending requests fail. */
  reset(): void;
}

/** One csv.worker.ts per uploader, started on first use and stopped on unmount. */
export function useCsvWorker(): CsvWorker {
  const worker = React.useRef<Worker | null>(null);
  const pending = React.useRef(new Map<number, Pending>());
  const nextId = React.useRef(1);

  const api = React.useMemo<CsvWorker>(() => {
    const stop = () => {
      worker.current?.terminate();
      worker.current = null;
      for (const p of pending.current.values()) p.reject(new Error("cancelled"));
      pending.current.clear();
    };
    const start = () => {
      const w = new Worker(new URL("./csv.worker.ts", import.meta.url), { name: "contacts-csv" });
      w.onmessage = (event: MessageEvent<WorkerMessage>) => {
        const msg = event.data;
        const p = pending.current.get(msg.id);
        if (!p) return;
        if (msg.kind === "progress") return p.onProgress?.(msg.done, msg.total);
        pending.current.delete(msg.id);
        if (msg.kind === "result") p.resolve(msg.value);
        else p.reject(new Error(msg.message));
      };
      w.onerror = (event) => {
        event.preventDefault();
        const err = new Error(event.message || "The CSV reader stopped unexpectedly");
        for (const p of pending.current.values()) p.reject(err);
        pending.current.clear();
      };
      return w;
    };
    return {
      request(request, onProgress) {
        worker.current ??= start();
        const id = nextId.current++;
        return new Promise((resolve, reject) => {
          pending.current.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
          worker.current!.postMessage({ id, request });
        });
      },
      reset: stop,
    };
  }, []);

  React.useEffect(() => api.reset, [api]);
  return api;
}
