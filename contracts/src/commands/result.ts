import { z } from 'zod';

/** The answer to every accepted command. `position` is opaque to clients. */
export const commandResultSchema = z.object({
  streamId: z.string(),
  revision: z.number().int().nonnegative(),
  position: z.string(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;
