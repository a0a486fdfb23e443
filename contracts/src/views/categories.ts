import { z } from 'zod';
import { categoryTypeSchema } from '../categories.js';

export const categoryViewSchema = z.object({
  id: z.string(),
  /** Custom categories carry the user's name; built-ins a message id to translate. */
  name: z.string().nullable(),
  nameKey: z.string().nullable(),
  type: categoryTypeSchema,
  icon: z.string(),
  color: z.string(),
  builtIn: z.boolean(),
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

export const categoryListSchema = z.object({ items: z.array(categoryViewSchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;
