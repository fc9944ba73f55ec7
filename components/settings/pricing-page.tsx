"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { LoadingRows } from "@/components/ui/load-more";
import { placeServerErrors, topLevelField } from "@/components/ui/server-field-errors";
import { formatUsdPrecise } from "@/lib/calls/format";
import { formatDateTime } from "@/lib/format/date-time";
import { useCan } from "@/lib/people/hooks/use-can";
import { estimateCost } from "@/lib/pricing/estimate";
import { usePricing, useSavePricing } from "@/lib/pricing/hooks";
import { PRICE_FIELDS, PRICING_DEFAULTS, PricingBody, type PriceField, type PricingView } from "@/lib/pricing/schema";

const LABELS: Record<PriceField, { label: string; unit: string }> = {
  stt_per_minute: { label: "Speech to text", unit: "USD per minute of audio" },
  tts_per_1k_characters: { label: "Text to speech", unit: "USD per 1,000 characters" },
  llm_per_1m_input_tokens: { label: "LLM input tokens", unit: "USD per million tokens" },
  llm_per_1m_output_tokens: { label: "LLM output tokens", unit: "USD per million tokens" },
};

// What a typical three-minute call uses, to show what the rates add up to while they are typed.
const SAMPLE = { stt_seconds: 180, tts_characters: 1500, llm_input_tokens: 12_000, llm_output_tokens: 600 };

const fieldOf = topLevelField(PRICE_FIELDS);
const rates = (p: PricingView) => Object.fromEntries(PRICE_FIELDS.map((f) => [f, p[f]])) as PricingBody;
// An emptied field is "no value" for the schema to name, not 0.
const asNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));

/** Settings → Pricing: the rates self-hosted calls' costs are estimated with. Everyone reads; admins change. */
export function PricingPage() {
  const pricing = usePricing();
  return (
    <>
      <PageHeader
        title="Pricing"
        description="Your own Bolna server reports what a call used, not what it cost. Voxdesk prices that usage with these rates and adds the carrier's price; such costs are marked estimated in the call log."
      />
      {pricing.isPending ? (
        <LoadingRows label="Loading prices" rows={4} rowClassName="h-9" />
      ) : pricing.isError ? (
        <ErrorState message={pricing.error.message} onRetry={() => pricing.refetch()} retrying={pricing.isFetching} />
      ) : (
        <PricingForm saved={pricing.data} />
      )}
    </>
  );
}

function PricingForm({ saved }: { saved: PricingView }) {
  const can = useCan("admin");
  const save = useSavePricing();
  const form = useForm<PricingBody>({ resolver: zodResolver(PricingBody), defaultValues: rates(saved) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const values = useWatch({ control: form.control });
  const sample = PricingBody.safeParse(values);
  const sampleCost = sample.success ? Object.values(estimateCost(SAMPLE, sample.data)).reduce((a, b) => a + b, 0) : null;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const next = await save.mutateAsync(body);
      form.reset(rates(next));
      toast.success("Prices saved", { description: "Calls reported from now on are estimated with them." });
    } catch (err) {
      placeServerErrors(err, form.setError, fieldOf);
    }
  });

  return (
    <section aria-labelledby="pricing-heading" className="max-w-2xl rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="pricing-heading" className="mb-1 text-base font-semibold">Rates</h2>
      <p className="mb-4 text-sm text-zinc-500 dark:text-zinc-400">
        {saved.updated_at ? <>Changed <time dateTime={saved.updated_at}>{formatDateTime(saved.updated_at)}</time>.</> : "The defaults: public list prices of Deepgram, OpenAI text to speech and gpt-4o-mini."}
        {" "}A new rate applies to calls reported after it is saved.
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Rates">
        <fieldset disabled={!can.allowed} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">USD rates</legend>
          {PRICE_FIELDS.map((f) => (
            <Field key={f} label={LABELS[f].label} required error={errors[f]?.message}
              hint={`${LABELS[f].unit}. Default ${PRICING_DEFAULTS[f]}.`}>
              <Input type="number" step="any" min={0} inputMode="decimal" autoComplete="off" {...form.register(f, { setValueAs: asNumber })} />
            </Field>
          ))}
        </fieldset>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="pricing-sample">
          {sampleCost === null ? "Fix the rates above to see what a call would cost." :
            <>A 3-minute call (1,500 characters spoken, 12,000 / 600 tokens) ≈ <span className="tabular-nums">{formatUsdPrecise(sampleCost)}</span> before the carrier&apos;s price.</>}
        </p>
        {errors.root?.server && (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300">{errors.root.server.message}</p>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={!can.allowed || isSubmitting || !isDirty} title={can.reason}>{isSubmitting ? "Saving…" : "Save prices"}</Button>
          <Button type="button" variant="outline" disabled={!can.allowed} title={can.reason}
            onClick={() => form.reset({ ...PRICING_DEFAULTS }, { keepDefaultValues: true })}>
            Use the defaults
          </Button>
          {!can.allowed && <span className="text-sm text-zinc-500 dark:text-zinc-400">{can.reason}.</span>}
        </div>
      </form>
    </section>
  );
}
