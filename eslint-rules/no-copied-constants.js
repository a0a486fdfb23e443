import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT } from './boundaries.js';

/**
 * The string lists `contracts` exports (`export const CURRENCIES = ['LAK', 'THB', …] as const;`),
 * read from its source so the rule follows the list when it changes: name → values.
 */
export function contractsLists(folder = join(ROOT, 'contracts', 'src')) {
  const lists = new Map();
  const declaration = /export const ([A-Z][A-Z0-9_]*) = \[([^\]]*)\] as const/g;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [, name, body] of text.matchAll(declaration)) {
      const items = body
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const values = items.map((item) => /^'([^'\\]*)'$/.exec(item)?.[1]);
      if (values.length >= 2 && values.every((value) => value !== undefined)) {
        const module = relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/');
        lists.set(name, { module, values });
      }
    }
  }
  return lists;
}

let cachedLists;

/** A regular expression for `YYYY-MM-DD`: `\d{4}-\d{2}-\d{2}`, with or without groups. */
export const ISO_DATE_PATTERN = /(?:\\d|\[0-9\])\{4\}\)?-\(?(?:\\d|\[0-9\])\{2\}\)?-\(?(?:\\d|\[0-9\])\{2\}/;

/**
 * The string a literal, a template without expressions or a literal type holds. (An object keyed
 * by a contracts type, `Record<Locale, …>`, is no copy: its type fails when the list grows.)
 */
function stringOf(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return stringOf(node.literal);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'The web app imports the lists and rules `contracts` defines (currencies, languages, types, statuses, the calendar-date pattern) instead of writing a copy that drifts.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** How many values of a list make a copy, by list name (default: all of them). */
          atLeast: { type: 'object', additionalProperties: { type: 'integer', minimum: 2 } },
          /** Whether a `YYYY-MM-DD` regular expression counts as a copy of the calendar-date rule. */
          datePattern: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      list: 'This writes {{count}} values of {{name}} ({{module}}): import {{name}} (or its type) from contracts instead.',
      date: 'This writes its own YYYY-MM-DD pattern: use the calendar-date rule from contracts (isCalendarDate).',
    },
  },
  create(context) {
    const { atLeast = {}, datePattern = true } = context.options[0] ?? {};
    const lists = (cachedLists ??= contractsLists());

    /**
     * Reports the list whose values `strings` copies, if any: enough of its values and nothing
     * else (`'paid' | 'overdue' | 'pending'` is a state of its own, not the row statuses).
     */
    function checkList(node, strings) {
      const present = new Set(strings.filter((value) => value !== undefined));
      if (present.size < 2) return;
      for (const [name, { module, values }] of lists) {
        if (![...present].every((value) => values.includes(value))) continue;
        const count = present.size;
        if (count >= Math.min(atLeast[name] ?? values.length, values.length)) {
          context.report({ node, messageId: 'list', data: { name, module, count: String(count) } });
          return;
        }
      }
    }

    function checkPattern(node, source) {
      if (datePattern && ISO_DATE_PATTERN.test(source)) context.report({ node, messageId: 'date' });
    }

    return {
      ArrayExpression: (node) => checkList(node, node.elements.map(stringOf)),
      TSUnionType: (node) => checkList(node, node.types.map(stringOf)),
      TSTupleType: (node) => checkList(node, node.elementTypes.map(stringOf)),
      Literal: (node) => {
        if (node.regex) checkPattern(node, node.regex.pattern);
      },
      'NewExpression[callee.name="RegExp"], CallExpression[callee.name="RegExp"]': (node) => {
        const source = stringOf(node.arguments[0]);
        if (source !== undefined) checkPattern(node, source.replace(/\\\\/g, '\\'));
      },
    };
  },
};
