"use client";

import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FileText, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Progress } from "@/components/ui/progress";
import { ColumnMapping } from "@/components/contacts/column-mapping";
import { formatCount, plural } from "@/components/contacts/format";
import { countryName } from "@/lib/places/countries";
import { UploadPreview } from "@/components/contacts/upload-preview";
import { UploadResult } from "@/components/contacts/upload-result";
import { UploadRun } from "@/components/contacts/upload-run";
import { UploadSource } from "@/components/contacts/upload-source";
import { invalidateListContents, type ContactList } from "@/lib/contacts/hooks";
import type { Loaded } from "@/lib/contacts/csv-protocol";
import { uploadBatches, type UploadOutcome, type UploadTotals } from "./upload-batches";
import { useCsvWorker } from "./use-csv-worker";
import { useRowCheck } from "./use-row-check";

type Step =
  | { kind: "source" }
  | { kind: "reading"; done: number; total: number }
  | { kind: "failed"; message: string }
  | { kind: "mapping" }
  | { kind: "uploading"; totals: UploadTotals }
  | { kind: "result"; outcome: UploadOutcome };

const NO_TOTALS: UploadTotals = { sent: 0, added: 0, alreadyInList: 0, rejected: 0, batches: 0 };
const MB = 1024 * 1024;

/** The upload flow on a list's page: source → map and preview → upload in batches → result. */
export function ContactUploader({ list, onClose }: { list: ContactList; onClose: () => void }) {
  const qc = useQueryClient();
  const worker = useCsvWorker();
  const [step, setStep] = React.useState<Step>({ kind: "source" });
  const [source, setSource] = React.useState<{ name: string; loaded: Loaded } | null>(null);
  const mapping = useRowCheck(worker, source?.loaded ?? null, list.default_country);
  const abort = React.useRef<AbortController | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);

  // Each step replaces the panel's content: move focus to its top so keyboard users follow along.
  React.useEffect(() => heading.current?.focus(), [step.kind]);
  React.useEffect(() => () => abort.current?.abort(), []);
  // Leaving mid-upload would stop it between batches: let the browser ask first.
  React.useEffect(() => {
    if (step.kind !== "uploading") return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [step.kind]);

  async function load(name: string, request: () => Promise<Loaded>) {
    worker.reset(); // a previous file's rows (and any read in progress) go away
    setSource(null);
    setStep({ kind: "reading", done: 0, total: 0 });
    try {
      const loaded = await request();
      setSource({ name, loaded });
      setStep({ kind: "mapping" });
    } catch (err) {
      if (err instanceof Error && err.message === "cancelled") return;
      setStep({ kind: "failed", message: err instanceof Error ? err.message : String(err) });
    }
  }
  const loadFile = (file: File) =>
    load(file.name, () => worker.request({ type: "load-file", file }, (done, total) => setStep({ kind: "reading", done, total })));
  const loadText = (text: string) => load("Pasted numbers", () => worker.request({ type: "load-text", text }));

  async function upload(from: number, totals: UploadTotals) {
    const controller = new AbortController();
    abort.current = controller;
    setStep({ kind: "uploading", totals });
    const outcome = await uploadBatches({
      worker, listId: list.list_id, from, totals, signal: controller.signal,
      onProgress: (t) => setStep({ kind: "uploading", totals: t }),
    });
    abort.current = null;
    setStep({ kind: "result", outcome });
    void invalidateListContents(qc, list.list_id);
  }

  async function downloadInvalid() {
    const csv = await worker.request({ type: "invalid-csv" });
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${(source?.name ?? "contacts").replace(/\.[^.]+$/, "")}-invalid.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  const { check } = mapping;
  const counts = check.state === "ready" ? check.counts : null;
  const title = { source: "Upload contacts", reading: "Reading file", failed: "Could not read the input", mapping: "Map columns and check rows",
    uploading: "Uploading", result: "Upload result" }[step.kind];

  return (
    <Card className="mb-6" aria-labelledby="uploader-title">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="uploader-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-zinc-900 outline-none dark:text-zinc-50">{title}</h2>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
            {source ? <><FileText aria-hidden="true" className="mr-1 inline size-3.5 align-[-2px]" />{source.name} · {plural(source.loaded.rowCount, "row")} · </> : null}
            Numbers without + are read as {list.default_country ? countryName(list.default_country) : "invalid (this list has no default country)"}.
          </p>
        </div>
        {step.kind !== "uploading" && (
          <Button variant="ghost" size="icon" className="size-8 shrink-0" onClick={onClose} aria-label="Close uploader"><X aria-hidden="true" /></Button>
        )}
      </CardHeader>
      <CardContent className="space-y-5">
        {step.kind === "source" && <UploadSource onFile={loadFile} onText={loadText} />}
        {step.kind === "reading" && (
          <div className="space-y-2">
            <Progress value={step.total ? step.done : null} max={step.total || 100} label="Reading progress" />
            <p className="text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
              {step.total ? `${(step.done / MB).toFixed(1)} of ${(step.total / MB).toFixed(1)} MB read` : "Reading…"}
            </p>
          </div>
        )}
        {step.kind === "failed" && <ErrorState title="Could not read the input" message={step.message} />}
        {step.kind === "mapping" && source && (
          <>
            <ColumnMapping header={source.loaded.header} samples={source.loaded.samples} phoneIndex={mapping.phoneIndex}
              choices={mapping.choices} errors={mapping.errors.byColumn} tooMany={mapping.errors.tooMany}
              onPhoneChange={mapping.setPhoneIndex} onChoiceChange={mapping.choose} />
            {check.state === "checking" && (
              <div className="space-y-2">
                <Progress value={check.done} max={check.total || 1} label="Checking numbers" />
                <p className="text-sm tabular-nums text-zinc-600 dark:text-zinc-400">Checking numbers… {formatCount(check.done)} of {formatCount(check.total)}</p>
              </div>
            )}
            {check.state === "error" && <ErrorState message={check.message} />}
            {check.state === "ready" && (
              <UploadPreview worker={worker} counts={check.counts} version={check.version} phoneIndex={mapping.phoneIndex}
                vars={mapping.vars} rowOffset={source.loaded.rowOffset} />
            )}
          </>
        )}
        {step.kind === "uploading" && counts && <UploadRun totals={step.totals} toSend={counts.valid} onCancel={() => abort.current?.abort()} />}
        {step.kind === "result" && counts && (
          <UploadResult outcome={step.outcome} counts={counts} onDownloadInvalid={downloadInvalid}
            onResume={() => upload(step.outcome.next, step.outcome.totals)} />
        )}
      </CardContent>
      {(step.kind === "mapping" || step.kind === "failed" || step.kind === "result") && (
        <CardFooter className="flex-wrap justify-end">
          {step.kind === "mapping" && (mapping.blocked ?? (counts && !mapping.current ? "Checking the new mapping…" : null)) && (
            <p className="mr-auto text-sm text-zinc-500 dark:text-zinc-400">{mapping.blocked ?? "Checking the new mapping…"}</p>
          )}
          <Button variant="outline" onClick={() => { worker.reset(); setSource(null); setStep({ kind: "source" }); }}>
            {step.kind === "result" ? "Upload another file" : "Choose another file"}
          </Button>
          {step.kind === "result" && <Button variant="secondary" onClick={onClose}>Done</Button>}
          {step.kind === "mapping" && (
            <Button onClick={() => upload(0, NO_TOTALS)} disabled={!mapping.current || !!mapping.blocked || !counts || counts.valid === 0}>
              Upload {counts ? plural(counts.valid, "contact") : "contacts"}
            </Button>
          )}
        </CardFooter>
      )}
    </Card>
  );
}
