import * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export type ChartCardProps = {
  title: string;
  description?: string;
  /** Controls in the header's right corner (e.g. a Calls/Cost switch). */
  action?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

/** A titled panel for one chart; the figure is labelled by the title for assistive tech. */
export function ChartCard({ title, description, action, className, children }: ChartCardProps) {
  const id = React.useId();
  return (
    <Card className={cn("flex min-w-0 flex-col", className)}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={id}>{title}</CardTitle>
          {description && <CardDescription className="mt-0.5 text-[13px]">{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent className="flex-1">
        <figure aria-labelledby={id} className="m-0">
          {children}
        </figure>
      </CardContent>
    </Card>
  );
}
