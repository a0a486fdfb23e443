import type { Document, TextMatch, TextTerm, ViewDefinition } from './port.js';

/*
 * What both read stores make of a view's search tokens, so they match alike: a token is a run of
 * letters, digits, combining marks and private-use characters (SQLite's FTS5 tokenizer is set to
 * keep exactly these together). A stored value is cut at anything else, and put in lower case; a
 * searched token holding anything else can equal no stored token and matches nothing, so quotes,
 * `*`, `:` or parentheses are never read as syntax.
 */

const TOKEN = /^[\p{L}\p{N}\p{M}\p{Co}]+$/u;
const NOT_TOKEN = /[^\p{L}\p{N}\p{M}\p{Co}]+/gu;

export const isSearchToken = (token: string): boolean => TOKEN.test(token);

/** A view's search definition; throws for a view without one. */
export function requireSearch(view: ViewDefinition): NonNullable<ViewDefinition['search']> {
  if (view.search === undefined) throw new Error(`view ${view.name} has no search`);
  return view.search;
}

/** A document's stored tokens per search column, in the view's column order (a tombstone has none). */
export function documentTokens(view: ViewDefinition, doc: Document | null): string[][] {
  const search = requireSearch(view);
  const values = doc === null ? {} : search.values(doc);
  return search.columns.map((column) =>
    (values[column] ?? []).flatMap((value) =>
      value
        .toLowerCase()
        .split(NOT_TOKEN)
        .filter((token) => token !== ''),
    ),
  );
}

/**
 * The groups of a match with only the terms that can match (lower case, valid tokens), or null
 * when some group is left without any: then no document matches. Throws for a column the view
 * does not search.
 */
export function matchGroups(view: ViewDefinition, match: TextMatch): TextTerm[][] | null {
  const search = requireSearch(view);
  const groups: TextTerm[][] = [];
  for (const group of match.all) {
    for (const term of group) {
      if (!search.columns.includes(term.column)) throw new Error(`not a search column of ${view.name}: ${term.column}`);
    }
    const terms = group
      .map((term) => ({ ...term, token: term.token.toLowerCase() }))
      .filter((term) => isSearchToken(term.token));
    if (terms.length === 0) return null;
    groups.push(terms);
  }
  return groups;
}

/**
 * The URL of a module as a thread can import it: its compiled JavaScript in the package's `dist`
 * when the caller runs from TypeScript source (tests, benches), the module itself otherwise.
 */
export function compiledModuleUrl(moduleUrl: string): string {
  if (!moduleUrl.endsWith('.ts')) return moduleUrl;
  const at = moduleUrl.lastIndexOf('/src/');
  if (at < 0) throw new Error(`not a module under src/: ${moduleUrl}`);
  return `${moduleUrl.slice(0, at)}/dist/${moduleUrl.slice(at + '/src/'.length, -'.ts'.length)}.js`;
}
