import { joinedTokens, searchIndexTokens, searchTokens } from '@plenty/contracts/search';

/*
 * A transaction's note as its FTS row indexes it (`searchIndexTokens`), with the cutting into
 * words remembered. Cutting Thai and Lao text into words (ICU's dictionaries, then every
 * character's joined token) is most of what a new transaction's search row costs, and the notes
 * of an import repeat their parts: "ຄ່າເຂົ້າ 12, ຕະຫຼາດເຊົ້າ" and "ຄ່າເຂົ້າ 13, ຕະຫຼາດເຊົ້າ" share
 * two of three. A note is cut at its spaces into pieces, each piece's words and joined tokens are
 * remembered, and the note's tokens are put together from its pieces' in the order
 * `searchIndexTokens` gives them: all words, then all joined tokens, without repeats.
 *
 * That is the same answer because a space is a word boundary that no word, stretch or joined
 * token crosses: the segmenter makes it a segment of its own, which is not word-like and closes
 * the stretch, and lower case, NFC and the digit-separator rule never join across it. Not where
 * a combining mark, a format character or a joiner follows the space (the segmenter keeps those
 * with the space): the note is not cut there.
 */

/** Pieces remembered at most (the oldest dropped first), and the longest piece remembered. */
const PIECES_KEPT = 4096;
const PIECE_MAX = 256;

interface PieceTokens {
  readonly words: readonly string[];
  readonly joined: readonly string[];
}

const pieces = new Map<string, PieceTokens>();

/**
 * Cut at runs of spaces not followed by a mark, a format character or a joiner (nor, to be safe, a
 * modifier: emoji skin tones, Thai and Lao repetition marks).
 */
const SPACES = / +(?![\p{M}\p{Cf}\p{Sk}\p{Lm}])/u;

/** A number alone, maybe followed by a comma or a full stop: its one word, no joined token. */
const NUMBER = /^([0-9]+)[,.]?$/;
const NO_TOKENS: readonly string[] = [];

function pieceTokens(piece: string): PieceTokens {
  const kept = pieces.get(piece);
  if (kept !== undefined) return kept;
  // A note's numbers differ from row to row (a receipt's, a day's): not remembered, and not cut.
  const number = NUMBER.exec(piece);
  if (number !== null) return { words: [number[1] as string], joined: NO_TOKENS };
  const tokens: PieceTokens = { words: searchTokens(piece), joined: joinedTokens(piece) };
  if (piece.length <= PIECE_MAX) {
    // The piece kept longest goes first: the parts every note repeats come back at once.
    if (pieces.size >= PIECES_KEPT) pieces.delete(pieces.keys().next().value as string);
    pieces.set(piece, tokens);
  }
  return tokens;
}

/** `searchIndexTokens(text)`, the same array of tokens, from the remembered tokens of its pieces. */
export function noteIndexTokens(text: string): string[] {
  if (text === '') return [];
  const parts = text.split(SPACES);
  if (parts.length === 1 && text.length > PIECE_MAX) return searchIndexTokens(text);
  const found = parts.map(pieceTokens);
  const tokens = new Set<string>();
  for (const piece of found) for (const word of piece.words) tokens.add(word);
  for (const piece of found) for (const token of piece.joined) tokens.add(token);
  return [...tokens];
}
