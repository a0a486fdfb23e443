/** What the search looks at for one icon: its names in the languages and English keywords. */
export interface IconSearchEntry<Name extends string = string> {
  readonly name: Name;
  /** The icon's name in the current language, and in English. */
  readonly labels: readonly string[];
  readonly keywords: readonly string[];
}

/** Lower case, composed (Thai and Lao vowels typed in either order compare equal), trimmed. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The icons that match every word of the query, in their original order, those whose label
 * starts with the query first. An empty query keeps them all. Thai and Lao are written without
 * spaces between words, so matches are on any part of a word.
 */
export function searchIcons<Name extends string>(query: string, entries: readonly IconSearchEntry<Name>[]): Name[] {
  const words = normalizeSearch(query)
    .split(' ')
    .filter((word) => word !== '');
  if (words.length === 0) return entries.map((entry) => entry.name);
  const whole = words.join(' ');
  const ranked: { name: Name; rank: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const texts = [...entry.labels, ...entry.keywords, entry.name].map(normalizeSearch);
    if (!words.every((word) => texts.some((text) => text.includes(word)))) return;
    const prefix = entry.labels.some((label) => normalizeSearch(label).startsWith(whole));
    ranked.push({ name: entry.name, rank: prefix ? 0 : 1, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((item) => item.name);
}
