/**
 * The legacy `JosaUtil::pick`: the Korean particle that fits the word before it (`투자를`,
 * `개간을`, `Lv 7로`). Hangul by its final consonant, digits and Latin letters by the
 * legacy's pronunciation rules. Hanja are not handled (the legacy keeps a table of them);
 * every name this game writes is Hangul.
 */
const PAIRS = { 은: '는', 이: '가', 과: '와', 이나: '나', 을: '를', 으로: '로', 이라: '라', 이랑: '랑' } as const;
export type Particle = keyof typeof PAIRS;

const NORMAL_FIXED = /(?:check|[hm]ook|limit)$/iu;
const SPECIAL_CHAR = new RegExp(`(?:${[
  '[ㄱ-ㄷㅁ-ㅎ]', '^[036]', '[^a-zA-Z][036]', '[a-zA-Z]9', '^[mn]', '\\S[mn]e?', '\\S(?:[aeiom]|lu)b', '(?:u|\\S[aei]|[^o]o)p',
  '(?:^i|[^auh]i|\\Su|[^ei][ae]|[^oi]o)t', '(?:\\S[iou]|[^e][ae])c?k', '\\S[aeiou](?:c|ng)', 'foot|go+d|b[ai]g|private', '^(?:app|kor)',
].join('|')})$`, 'iu');
const SPECIAL_RO = /(?:[178ㄹ]|^[lr]|^\Sr|\Sle?)$/iu;
const INVALID = /[^a-zA-Z0-9ㄱ-ㅎ가-힣\s]+/gu;
const LAST_WORD = /^[\s\S]*?(\S*)\s*$/u;
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const RIEUL = 8;

/** The particle (`을` or `를`, `으로` or `로`…) to write after `text`. */
export function josa(text: string | number, particle: Particle): string {
  return hasFinal(String(text), particle === '으로') ? particle : PAIRS[particle];
}

/** `text` followed by its particle. */
export function withJosa(text: string | number, particle: Particle): string {
  return `${text}${josa(text, particle)}`;
}

function hasFinal(text: string, isRo: boolean): boolean {
  // Most texts end in a Hangul syllable, which is then also the last word's last letter.
  const lastUnit = text.charCodeAt(text.length - 1);
  if (lastUnit >= HANGUL_FIRST && lastUnit <= HANGUL_LAST) return hangulHasFinal(lastUnit, isRo);
  const target = text.replace(INVALID, ' ').replace(LAST_WORD, '$1');
  // PHP's `if (!$target)`: the string "0" is false there too.
  if (target === '' || target === '0') return false;
  const code = target.codePointAt(target.length - 1)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return hangulHasFinal(code, isRo);
  if (NORMAL_FIXED.test(target)) return false;
  if (SPECIAL_CHAR.test(target)) return true;
  return !isRo && SPECIAL_RO.test(target);
}

function hangulHasFinal(code: number, isRo: boolean): boolean {
  const final = (code - HANGUL_FIRST) % 28;
  return final !== 0 && !(isRo && final === RIEUL);
}
