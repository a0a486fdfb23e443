import { z } from 'zod';
import { uuidSchema } from './ids.js';
import { boundedText } from './text.js';

/*
 * Tags: free labels on transactions ("Trip to Luang Prabang", "ງານແຕ່ງ", "รีโนเวท").
 *
 * A tag is its text (trimmed, NFC, 1–TAG_MAX_LENGTH characters, one line); two tags are the same
 * tag when their `tagKey` is equal (case-insensitive), and the first spelling seen is kept.
 * A transaction has at most MAX_TAGS distinct tags (`tag_duplicate`, `tags_too_many`). Tags are
 * personal text: encrypted in events like notes.
 *
 * Settings › Tags renames a tag (RenameTag; to the name of another tag: the two merge) or removes
 * it from every transaction (DeleteTag). Both are events on `profile-<uid>`, applied by every
 * projection that holds tags (transactions, tags, recurring rules' templates, search), so a replay
 * gives the same views and a rule posting after a rename carries the new name.
 */

export const TAG_MAX_LENGTH = 32;
export const MAX_TAGS = 10;

export const tagSchema = boundedText(TAG_MAX_LENGTH, 'tag_required');

/** The identity of a tag: NFC, trimmed, lower case (Thai and Lao have no case). */
export const tagKey = (tag: string): string => tag.normalize('NFC').trim().toLowerCase();

export const tagsSchema = z
  .array(tagSchema, { error: 'field_invalid' })
  .max(MAX_TAGS, { error: 'tags_too_many' })
  .refine((tags) => new Set(tags.map(tagKey)).size === tags.length, { error: 'tag_duplicate' });

// Events on `profile-<uid>`.
/** Every transaction (and rule) tagged `from` is tagged `to` instead; merged when it already has `to`. */
export const tagRenamedSchema = z.object({ from: tagSchema, to: tagSchema }).strict();
/** `tag` is taken off every transaction and rule. */
export const tagDeletedSchema = z.object({ tag: tagSchema }).strict();

export type TagRenamed = { type: 'TagRenamed'; data: z.infer<typeof tagRenamedSchema> };
export type TagDeleted = { type: 'TagDeleted'; data: z.infer<typeof tagDeletedSchema> };
export type TagEvent = TagRenamed | TagDeleted;

export const tagEventSchemas = { TagRenamed: tagRenamedSchema, TagDeleted: tagDeletedSchema } as const;
export const tagPersonalFields = {
  TagRenamed: ['from', 'to'],
  TagDeleted: ['tag'],
} as const satisfies Record<TagEvent['type'], readonly string[]>;

// Commands (stream `profile`). Renaming to the same key as `from` with another spelling is a
// rename too ("trip" → "Trip"); a tag no transaction has changes nothing and is accepted.
export const renameTagSchema = z.object({ commandId: uuidSchema, from: tagSchema, to: tagSchema }).strict();
export const deleteTagSchema = z.object({ commandId: uuidSchema, tag: tagSchema }).strict();
export type RenameTag = { type: 'RenameTag'; data: z.infer<typeof renameTagSchema> };
export type DeleteTag = { type: 'DeleteTag'; data: z.infer<typeof deleteTagSchema> };
export type TagCommand = RenameTag | DeleteTag;
export const tagCommandSchemas = { RenameTag: renameTagSchema, DeleteTag: deleteTagSchema } as const;

/**
 * The `tags` view (projection `tags`): one document per tag of a user (id: `tagKey`), with the
 * spelling shown and how many live transactions carry it. `GET /api/queries/tags` lists them,
 * most used first, then by name.
 */
export const tagViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Live transactions with this tag. */
  count: z.number().int().nonnegative(),
  /** The newest date of a transaction with it (`YYYY-MM-DD`), null once none is left. */
  lastUsed: z.string().nullable(),
});
export type TagView = z.infer<typeof tagViewSchema>;

export const tagListSchema = z.object({ items: z.array(tagViewSchema) });
export type TagList = z.infer<typeof tagListSchema>;

/**
 * A document of the `tag_links` view (projection `tags`): one per (tag, transaction), id
 * `<transactionId>:<tagKey>`, indexed by `tagKey` and `transactionId`, so a rename finds the
 * transactions of a tag without reading every transaction.
 */
export const tagLinkDocSchema = z.object({
  id: z.string(),
  tagKey: z.string(),
  transactionId: z.string(),
  date: z.string(),
});
export type TagLinkDoc = z.infer<typeof tagLinkDocSchema>;
