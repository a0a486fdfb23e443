import { z } from 'zod';

/** A bounded single-line text: trimmed, control characters refused. */
export function boundedText(max: number, requiredCode = 'field_required') {
  return z
    .string({ error: requiredCode })
    .transform((s) => s.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, { error: requiredCode })
        .max(max, { error: 'text_too_long' })
        .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'field_invalid' }),
    );
}

/** Optional free text (notes): may be empty, newlines allowed, bounded. */
export function freeText(max: number) {
  return z
    .string({ error: 'field_invalid' })
    .transform((s) => s.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .max(max, { error: 'text_too_long' })
        .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), { error: 'field_invalid' }),
    );
}

export const LIMITS = {
  note: 1000,
  categoryName: 40,
  icon: 40,
  receiptRef: 200,
  locationLabel: 200,
} as const;
