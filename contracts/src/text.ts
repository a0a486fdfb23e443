import { z } from 'zod';

/**
 * Characters no text field accepts: C0 controls (line breaks aside where allowed), DEL, the C1
 * controls U+0080–U+009F (U+0085 is a line break, U+009B a terminal escape), and lone
 * surrogates, which are not characters at all and break UTF-8 encoders downstream.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether single-line text is free of controls and lone surrogates. */
export const isCleanLine = (s: string): boolean => !SINGLE_LINE_CONTROL.test(s) && !LONE_SURROGATE.test(s);

/** Whether text that may hold line breaks (LF, CR, tab) is free of other controls and lone surrogates. */
export const isCleanText = (s: string): boolean => !MULTI_LINE_CONTROL.test(s) && !LONE_SURROGATE.test(s);

const C1_OR_LONE_SURROGATE = new RegExp(`[\\u0080-\\u009f]|${LONE_SURROGATE.source}`, 'g');

/**
 * Text as it reads once the characters that earlier versions let through but text fields now
 * refuse (C1 controls, lone surrogates) are left out: strings anywhere in a value.
 */
export function withoutLaterRefusedCharacters(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(C1_OR_LONE_SURROGATE, '');
  if (Array.isArray(value)) return value.map(withoutLaterRefusedCharacters);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutLaterRefusedCharacters(inner)]));
  }
  return value;
}

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
        .refine(isCleanLine, { error: 'field_invalid' }),
    );
}

/** Optional free text (notes): may be empty, newlines allowed, bounded. */
export function freeText(max: number) {
  return z
    .string({ error: 'field_invalid' })
    .transform((s) => s.normalize('NFC').trim())
    .pipe(z.string().max(max, { error: 'text_too_long' }).refine(isCleanText, { error: 'field_invalid' }));
}

export const LIMITS = {
  note: 1000,
  categoryName: 40,
  icon: 40,
  receiptRef: 200,
  locationLabel: 200,
} as const;
