import { z } from 'zod';

export const fromMainSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('appended') }),
  z.object({ type: z.literal('stop') }),
]);
export type FromMain = z.infer<typeof fromMainSchema>;

export const fromWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), position: z.string() }),
  z.object({ type: z.literal('advanced'), position: z.string() }),
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({ type: z.literal('stopped') }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;
