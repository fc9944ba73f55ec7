import * as React from "react";
import { cn } from "@/lib/utils";
import { controlClass } from "@/components/ui/input";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(controlClass, "min-h-16 py-2 leading-relaxed", className)} {...props} />;
}
