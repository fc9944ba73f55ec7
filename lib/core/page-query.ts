import { z } from "zod";

/** `limit` + opaque `cursor` for the console's list endpoints. */
export const PageQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d+$/, "must be an integer from 1 to 200")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 200, "must be an integer from 1 to 200")
      .optional(),
    cursor: z.string().min(1).optional(),
  })
  .strict();
