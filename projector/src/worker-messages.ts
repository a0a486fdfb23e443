import { z } from 'zod';

export const fromMainSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('appended') }),
  z.object({ type: z.literal('stop') }),
]);
export type FromMain = z.infer<typeof fromMainSchema>;

export const projectionStatusSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  views: z.array(z.string()),
  state: z.enum(['current', 'rebuilding']),
  applied: z.number().int().min(0),
  total: z.number().int().min(0).nullable(),
  percent: z.number().min(0).max(100).nullable(),
  position: z.string(),
  error: z.string().optional(),
});

export const quarantineNoticeSchema = z.object({
  userId: z.string(),
  event: z.object({ id: z.string(), type: z.string(), position: z.string() }),
  failed: z.string().nullable(),
  projections: z.array(z.string()),
  reason: z.string(),
});

export const fromWorkerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    projections: z.array(projectionStatusSchema),
    quarantinedUsers: z.number().int().min(0),
  }),
  z.object({ type: z.literal('ready'), position: z.string() }),
  z.object({ type: z.literal('advanced'), position: z.string() }),
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({ type: z.literal('quarantined'), notices: z.array(quarantineNoticeSchema) }),
  z.object({ type: z.literal('stopped') }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;
