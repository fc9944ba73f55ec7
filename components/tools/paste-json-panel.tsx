"use client";

import * as React from "react";
import { useFormContext } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { parseFunctionJson } from "@/lib/tools/function-json";
import type { ToolFormValues } from "@/lib/tools/tool-form";

const EXAMPLE = `{
  "type": "function",
  "function": {
    "name": "get_weather",
    "description": "Weather forecast for a city",
    "parameters": {
      "type": "object",
      "properties": { "city": { "type": "string" } },
      "required": ["city"]
    }
  }
}`;

/** "Paste JSON": an OpenAI-style function definition fills the form, which stays the one to submit. */
export function PasteJsonPanel({ onFilled }: { onFilled: () => void }) {
  const form = useFormContext<ToolFormValues>();
  const [text, setText] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();

  function fill() {
    const out = parseFunctionJson(text);
    if ("error" in out) return setError(out.error);
    setError(undefined);
    // Keep what the paste doesn't mention (the URL and token, usually), drop stale errors.
    form.reset({ ...form.getValues(), ...out.values }, { keepDefaultValues: true });
    toast.success("Form filled from JSON", { description: out.note ?? "Check the endpoint and token, then register." });
    onFilled();
  }

  return (
    <div className="space-y-3">
      <Field
        label="Function JSON"
        error={error}
        hint={
          <>
            An OpenAI-style tool (<code className="font-mono text-[13px]">{'{"type": "function", "function": {…}}'}</code>), the bare
            function, or a whole <code className="font-mono text-[13px]">POST /api/tools</code> body.
          </>
        }
      >
        {(p) => (
          <Textarea {...p} value={text} onChange={(e) => setText(e.target.value)} rows={14} spellCheck={false} placeholder={EXAMPLE} className="font-mono text-xs" />
        )}
      </Field>
      <Button variant="secondary" onClick={fill} disabled={!text.trim()}>
        Fill form
      </Button>
    </div>
  );
}
