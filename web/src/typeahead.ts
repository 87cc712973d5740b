/**
 * What to search for while a person is still typing: the last word is a prefix until a space
 * ends it.
 *
 * In plain text the last word becomes `(word OR word*)`: the exact word keeps its ranking and
 * its stemmed forms (`running` finds "run"), the prefix finds the words it begins. Text that
 * uses the query syntax (quotes, fields, operators) is left as typed, except that a last word
 * that is a plain word still gets its `*`.
 */

/** Characters of the query syntax; text without them is plain words. */
const SYNTAX = /["():*^+\-[\]{}!\\~]|(^|\s)(AND|OR|NOT)(\s|$)/;
/** A whole word: letters and digits only. */
const WORD = /^[\p{L}\p{N}]+$/u;

/** The engine query for the text of a search box. */
export function typeaheadQuery(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || /\s$/.test(text)) return trimmed;
  const cut = trimmed.search(/\S+$/);
  const head = trimmed.slice(0, cut);
  const last = trimmed.slice(cut);
  if (!WORD.test(last) || isOperator(last)) return trimmed;
  if (!SYNTAX.test(trimmed)) return `${head}(${last} OR ${last}*)`;
  // Syntax: a prefix only where it cannot land inside an open phrase.
  const quotes = trimmed.split('"').length - 1;
  return quotes % 2 === 0 ? `${trimmed}*` : trimmed;
}

function isOperator(word: string): boolean {
  return word === "AND" || word === "OR" || word === "NOT";
}
