"use client";

import * as React from "react";
import { Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { findPhoneColumn, splitPastedNumbers } from "@/lib/contacts/csv-columns";
import { parseCsvStream } from "@/lib/contacts/csv-stream";
import { useAddSuppressions } from "@/lib/suppressions/hooks";
import { parseContactPhone } from "@/lib/contacts/schema";
import { MAX_SUPPRESSIONS_PER_REQUEST } from "@/lib/suppressions/schema";
import { plural, pluralWord } from "@/lib/format/plural";

// Numbers come pasted or from a CSV (its phone column found as the contacts uploader finds it).
// Every number is read in the browser with the server's own parser first, so a bad row is shown
// beside the field before anything is sent; then batches of up to 10,000 go to POST /api/suppressions.

async function numbersFromCsv(file: File): Promise<string[]> {
  const rows: string[][] = [];
  await parseCsvStream(file.stream(), (chunk) => rows.push(...chunk));
  if (rows.length === 0) return [];
  const header = rows[0];
  const col = findPhoneColumn(header);
  // No recognised header: a one-column file of bare numbers.
  if (col < 0) return rows.map((r) => r[0] ?? "").filter(Boolean);
  return rows.slice(1).map((r) => r[col] ?? "").filter(Boolean);
}

export function AddNumbersForm() {
  const [text, setText] = React.useState("");
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [done, setDone] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const add = useAddSuppressions();

  async function submit(numbers: string[]) {
    setDone(null);
    setError(undefined);
    if (numbers.length === 0) return setError("Enter at least one number");
    const bad = numbers.flatMap((n, i) => {
      const p = parseContactPhone(n, null, "do-not-call");
      return p.ok ? [] : [`row ${i + 1} "${n}": ${p.reason}`];
    });
    if (bad.length) {
      return setError(`${bad.length} invalid number${bad.length === 1 ? "" : "s"}, nothing added: ${bad.slice(0, 3).join("; ")}${bad.length > 3 ? "; …" : ""}`);
    }
    setBusy(true);
    try {
      let added = 0;
      let already = 0;
      for (let i = 0; i < numbers.length; i += MAX_SUPPRESSIONS_PER_REQUEST) {
        const res = await add.mutateAsync({ phone_numbers: numbers.slice(i, i + MAX_SUPPRESSIONS_PER_REQUEST), reason: reason.trim() || undefined });
        added += res.total_added;
        already += res.already_suppressed.length;
      }
      setDone(`Added ${plural(added, "number")}${already ? `, ${already} ${pluralWord(already, "was", "were")} already listed` : ""}.`);
      setText("");
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) await submit(await numbersFromCsv(file));
  }

  return (
    <form
      className="mb-6 grid gap-4 rounded-lg border border-zinc-200 p-4 md:grid-cols-2 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(splitPastedNumbers(text));
      }}
    >
      <Field label="Numbers" hint="With country code (+…), one per line or separated by commas" error={error}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} placeholder="+14155550102" />
      </Field>
      <div className="flex flex-col gap-4">
        <Field label="Reason" hint="Optional, e.g. 'asked not to be called'">
          <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        </Field>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={busy}>{busy ? "Adding…" : "Add numbers"}</Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => fileRef.current?.click()}>
            <Upload aria-hidden="true" /> Import CSV
          </Button>
          <input ref={fileRef} type="file" accept=".csv,text/csv" className="sr-only" tabIndex={-1} aria-label="CSV file of numbers" onChange={onFile} />
          {done && <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">{done}</p>}
        </div>
      </div>
    </form>
  );
}
