"use client";

import * as React from "react";
import { defaultChoices, findPhoneColumn, mappingErrors, type ColumnChoice } from "@/lib/contacts/csv-columns";
import type { VariableColumn } from "@/lib/contacts/row-check";
import type { CheckCounts, Loaded } from "@/lib/contacts/csv-protocol";
import type { CsvWorker } from "./use-csv-worker";

export type CheckState =
  | { state: "idle" }
  | { state: "checking"; done: number; total: number }
  | { state: "ready"; counts: CheckCounts; signature: string; version: number }
  | { state: "error"; message: string };

/**
 * The mapping (phone column, variables renamed or skipped) and the worker's check of every row
 * under it. Re-checks shortly after the mapping changes; the worker re-reads numbers only when the
 * phone column changes.
 */
export function useRowCheck(worker: CsvWorker, loaded: Loaded | null, country: string | null) {
  const [phoneIndex, setPhoneIndex] = React.useState(-1);
  // One entry per column, the phone column's included: switching the phone column keeps the edits.
  const [allChoices, setAllChoices] = React.useState<ColumnChoice[]>([]);
  const [check, setCheck] = React.useState<CheckState>({ state: "idle" });
  const [shownFor, setShownFor] = React.useState<Loaded | null>(null);

  if (loaded !== shownFor) {
    setShownFor(loaded);
    setPhoneIndex(loaded ? findPhoneColumn(loaded.header) : -1);
    setAllChoices(loaded ? defaultChoices(loaded.header, -1) : []);
    setCheck({ state: "idle" });
  }

  const choices = React.useMemo(() => allChoices.filter((c) => c.index !== phoneIndex), [allChoices, phoneIndex]);
  const errors = React.useMemo(() => mappingErrors(choices), [choices]);
  const vars: VariableColumn[] = React.useMemo(
    () => choices.filter((c) => c.include).map(({ index, key }) => ({ index, key })),
    [choices],
  );
  const signature = JSON.stringify([phoneIndex, vars]);

  React.useEffect(() => {
    if (!loaded || phoneIndex < 0) return;
    let live = true;
    const wanted = JSON.parse(signature) as [number, VariableColumn[]];
    // Typing a variable name re-checks once the typing pauses, not on every key.
    const t = setTimeout(() => {
      setCheck((c) => (c.state === "ready" ? c : { state: "checking", done: 0, total: loaded.rowCount }));
      worker
        .request({ type: "check", phoneIndex: wanted[0], country, vars: wanted[1] }, (done, total) => {
          if (live) setCheck((c) => (c.state === "ready" ? c : { state: "checking", done, total }));
        })
        .then(
          (counts) => {
            if (live && counts) setCheck((c) => ({ state: "ready", counts, signature, version: (c.state === "ready" ? c.version : 0) + 1 }));
          },
          (err: Error) => live && err.message !== "cancelled" && setCheck({ state: "error", message: err.message }),
        );
    }, 200);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [worker, loaded, country, signature, phoneIndex]);

  const choose = React.useCallback((index: number, patch: Partial<ColumnChoice>) => {
    setAllChoices((all) => all.map((c) => (c.index === index ? { ...c, ...patch } : c)));
  }, []);

  /** The check in hand describes exactly the current mapping, and the mapping is valid. */
  const current = check.state === "ready" && check.signature === signature;
  const blocked = phoneIndex < 0 ? "Choose the phone number column." : errors.byColumn.size > 0 || errors.tooMany ? "Fix the variable names first." : null;

  return { phoneIndex, setPhoneIndex, choices, choose, errors, vars, check, current, blocked, setCheck };
}
