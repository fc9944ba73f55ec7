"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TagInput } from "@/components/ui/tag-input";
import { Textarea } from "@/components/ui/textarea";
import { useToolFacets } from "@/lib/tools/hooks";
import { TOOL_METHODS } from "@/lib/outbound/request-shape";
import type { ToolFormValues } from "@/lib/tools/tool-form";

/** Name, description, endpoint, token, category and tags of the register/edit form. */
export function ToolFormFields({ mode, tokenHint }: { mode: "create" | "edit"; tokenHint: string | null }) {
  const { register, control, watch, formState: { errors } } = useFormContext<ToolFormValues>();
  const facets = useToolFacets();
  const removeToken = watch("removeToken");

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Name"
        required
        error={errors.name?.message}
        hint={mode === "create" ? "The function name the model calls: letters, digits, _ or -." : "A tool's name cannot change."}
      >
        {(p) => <Input {...p} {...register("name")} readOnly={mode === "edit"} autoComplete="off" spellCheck={false} placeholder="get_weather" className="font-mono text-[13px] read-only:bg-zinc-50 read-only:text-zinc-500 dark:read-only:bg-zinc-800/60 dark:read-only:text-zinc-400" />}
      </Field>
      <Field label="Category" error={errors.category?.message} hint="Free text; empty means “custom”.">
        {(p) => <Input {...p} {...register("category")} list="tool-categories" autoComplete="off" placeholder="custom" />}
      </Field>
      <datalist id="tool-categories">
        {facets.data?.categories.map((c) => <option key={c} value={c} />)}
      </datalist>

      <Field label="Description" required error={errors.description?.message} hint="What the tool does and when to use it, for the language model." className="sm:col-span-2">
        {(p) => <Textarea {...p} {...register("description")} rows={2} placeholder="Returns the weather forecast for a city and date." />}
      </Field>

      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <Field label="Method" error={errors.method?.message}>
          {(p) => (
            <Controller
              control={control}
              name="method"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...p} onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TOOL_METHODS.map((m) => (
                      <SelectItem key={m} value={m}>
                        {m}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        <Field label="URL" required error={errors.url?.message} hint="GET and DELETE send the parameters in the query string, the others as a JSON body.">
          {(p) => <Input {...p} {...register("url")} type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://api.example.com/weather" className="font-mono text-[13px]" />}
        </Field>
      </div>

      <Field
        label={mode === "edit" && tokenHint ? "New token" : "Token"}
        error={errors.token?.message}
        hint={
          mode === "edit" && tokenHint
            ? `Current token: ${tokenHint}. Leave empty to keep it.`
            : "Optional. Sent as “Authorization: Bearer …”, stored encrypted, never shown again."
        }
      >
        {(p) => (
          <Input
            {...p}
            {...register("token")}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            disabled={removeToken}
            placeholder={mode === "edit" && tokenHint ? tokenHint : "sk_live_…"}
            className="font-mono text-[13px]"
          />
        )}
      </Field>
      <Field label="Tags" error={errors.tags?.message} hint="Press Enter or type a comma after each tag.">
        {(p) => (
          <Controller
            control={control}
            name="tags"
            render={({ field }) => <TagInput {...p} value={field.value} onChange={field.onChange} onBlur={field.onBlur} placeholder="weather, demo" />}
          />
        )}
      </Field>
      {mode === "edit" && tokenHint && (
        <label className="flex items-center gap-2 text-sm text-zinc-700 sm:col-span-2 dark:text-zinc-300">
          <input type="checkbox" {...register("removeToken")} className="size-4 accent-indigo-600" />
          Remove the stored token (send no Authorization header)
        </label>
      )}
    </div>
  );
}
