"use client";

import * as React from "react";
import { ClipboardPaste, FileUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/** Step 1: a CSV (dropped or picked) or numbers pasted as text; both go through the same preview. */
export function UploadSource({ onFile, onText }: { onFile: (file: File) => void; onText: (text: string) => void }) {
  const inputId = React.useId();
  const [dragging, setDragging] = React.useState(false);
  const [text, setText] = React.useState("");
  const [textError, setTextError] = React.useState<string | undefined>();

  const onDrop = (e: React.DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <Tabs defaultValue="file">
      <TabsList>
        <TabsTrigger value="file">
          <FileUp aria-hidden="true" /> CSV file
        </TabsTrigger>
        <TabsTrigger value="paste">
          <ClipboardPaste aria-hidden="true" /> Paste numbers
        </TabsTrigger>
      </TabsList>
      <TabsContent value="file">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors",
            dragging
              ? "border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-500/10"
              : "border-zinc-300 dark:border-zinc-700",
          )}
        >
          <div className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <FileUp aria-hidden="true" className="size-5" />
          </div>
          <div>
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Drop a CSV file here</p>
            <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
              A header row with a phone column (phone_number, contact_number, phone or number); other columns become
              template variables. Any size: the file is read in your browser before anything is sent.
            </p>
          </div>
          <input
            id={inputId}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            className="peer sr-only"
            aria-label="CSV file to upload"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = ""; // picking the same file again still fires change
              if (file) onFile(file);
            }}
          />
          <label
            htmlFor={inputId}
            className={cn(
              "inline-flex h-9 cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-3.5 text-sm font-medium shadow-xs hover:bg-zinc-50",
              "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 peer-focus-visible:outline-solid",
              "dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800",
            )}
          >
            Choose file
          </label>
        </div>
      </TabsContent>
      <TabsContent value="paste">
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return setTextError("Paste at least one number");
            onText(text);
          }}
        >
          <Field label="Phone numbers" hint="One per line, or separated by commas." error={textError}>
            {(p) => (
              <Textarea
                {...p}
                rows={8}
                className="font-mono text-[13px]"
                placeholder={"+1 415 555 0102\n(415) 555-0103, 415.555.0104"}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setTextError(undefined);
                }}
              />
            )}
          </Field>
          <Button type="submit" variant="outline">
            Preview numbers
          </Button>
        </form>
      </TabsContent>
    </Tabs>
  );
}
