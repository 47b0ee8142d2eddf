/**
 * A refusal in the words a player reads: Korean, naming the field as the web page names it
 * and saying what to do. The rules (libs/sammo's move checks), the wire's validation
 * (`validate`, the gateway's class-validator DTOs) and the gateway's own parameter checks
 * state what is wrong in English for whoever calls the API; this is the one place where
 * such a reason becomes a player's sentence (the gateway keeps the original beside it as
 * `detail`, for an API client or a bug report). A reason already in Korean (the legacy's own
 * words, or a message written Korean first) is kept as it is.
 */

/** The page's name for each field, by the last part of its path (the move's type first where the same name means two things). */
const FIELD_LABELS: Record<string, string> = {
  'setRate.amount': '세율', 'setBill.amount': '지급률', 'setSecretLimit.amount': '기밀 권한 (년)',
  'setBlockWar.value': '전쟁 금지', 'setBlockScout.value': '임관 금지', 'setNotice.msg': '국가 방침', 'setScoutMsg.msg': '임관 권유문',
  'pushQueue.amount': '칸 수', 'repeatQueue.amount': '칸 수', 'sendMessage.text': '내용', 'sendMessage.mailbox': '받는 곳',
  'openAuction.amount': '수량', 'bidAuction.amount': '금액', 'betTournament.amount': '금액', 'betTournament.target': '대상',
  'move-population.amount': '인구',
  leadership: '통솔', strength: '무력', intel: '지력', personality: '성격', name: '이름', cityId: '도시', generalId: '장수', mode: '방법',
  command: '명령', slots: '칸', arg: '명령의 인자', amount: '수량', value: '값', msg: '내용', text: '내용', mailbox: '받는 곳',
  destCityId: '도시', destGeneralId: '대상', destNationId: '국가', crewType: '병종', isGold: '자원', buyRice: '거래',
  nationName: '국호', nationType: '성향', color: '색', colorType: '색', year: '년', month: '월', commandType: '명령',
  amountList: '금·쌀', srcArmType: '에서', destArmType: '으로', itemType: '장비 종류', itemCode: '장비',
  troopId: '부대', troop: '부대', memberId: '부대원', accept: '수락 여부', auto: '자동 참여', kind: '거래', target: '대상',
  username: '아이디', password: '비밀번호', reservations: '예약', serverID: '세계', world: '세계', nation: '국가 명령 여부',
  closeTurnCnt: '마감 턴', startBidAmount: '시작가', finishBidAmount: '즉시 낙찰가', auctionId: '경매',
  'Idempotency-Key': '요청 키 (Idempotency-Key)', '(body)': '요청 본문',
  permission: '권한', generalIds: '장수', officerLevel: '관직', letter: '서신', auction: '경매',
  since: '기준 수', scope: '기록 종류', seqs: '수 번호', code: '인증 코드', state: '인증 상태',
};

/**
 * The page's name for a body field the route tells apart (`nation/rate`'s `amount` is 세율,
 * `commands/push`'s is 칸 수), by the route after the world (a number in it as `:`) and the field.
 */
const ROUTE_LABELS: Record<string, string> = {
  'nation/rate amount': '세율', 'nation/bill amount': '지급률', 'nation/secret-limit amount': '기밀 권한 (년)',
  'nation/block-war value': '전쟁 금지', 'nation/block-scout value': '임관 금지', 'nation/notice msg': '국가 방침', 'nation/scout-message msg': '임관 권유문',
  'commands/push amount': '칸 수', 'commands/repeat amount': '칸 수', 'nation/commands/push amount': '칸 수', 'nation/commands/repeat amount': '칸 수',
  'troops name': '부대 이름', 'troops/:/name name': '부대 이름', 'auctions/:/bids amount': '금액', 'tournament/bets amount': '금액',
};

/** Hangul at the start: the reason is already the player's words. */
const KOREAN_FIRST = /^[\s\d[(【"'.,~-]*[\uAC00-\uD7A3\u3131-\u318E]/;

/** The page's name for a field path (`reservations.0.slots`, `setRate.amount`, `che_징병: amount`), or the path itself when it has none. */
export function fieldLabel(path: string): string {
  const parts = path.split(/[.:\s[\]]+/).filter((p) => p !== '' && !/^\d+$/.test(p));
  const last = parts.at(-1) ?? path;
  const typed = parts.length >= 2 ? `${parts.at(-2)}.${last}` : last;
  return FIELD_LABELS[typed] ?? FIELD_LABELS[last] ?? last;
}

/** 은/는, 을/를, (으)로 after a word: by whether its last syllable closes on a consonant (a word not ending in Hangul takes the first form). */
function particle(word: string, closed: string, open: string): string {
  const last = word.trimEnd().replace(/\s*\([^)]*\)$/, '').at(-1) ?? '';
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11_171) return `${word}${closed}(${open})`;
  return word + ((code % 28) === 0 ? open : closed);
}
const topic = (w: string) => particle(w, '은', '는');
const object = (w: string) => particle(w, '을', '를');

const n = (digits: string) => Number(digits).toLocaleString('ko-KR');

/** What the reason asks for, as a sentence about the field (`label`); null: a reason of another kind. */
const RULES: Array<[RegExp, (label: string, m: RegExpMatchArray) => string]> = [
  [/(?:whole number|integer|number)s? from (-?\d+) to (-?\d+)|from (-?\d+) \(.*?\) to (\d+)/, (l, m) => `${topic(l)} ${n(m[1] ?? m[3]!)}~${n(m[2] ?? m[4]!)} 사이의 정수로 넣으십시오.`],
  [/must not be less than (-?\d+)/, (l, m) => `${topic(l)} ${n(m[1]!)} 이상으로 넣으십시오.`],
  [/must not be greater than (-?\d+)/, (l, m) => `${topic(l)} ${n(m[1]!)} 이하로 넣으십시오.`],
  [/should not be equal to (-?\d+)/, (l, m) => `${topic(l)} ${n(m[1]!)}일 수 없습니다. 다른 값을 넣으십시오.`],
  [/at most (\d+) characters|shorter than or equal to (\d+) characters/, (l, m) => `${topic(l)} ${n(m[1] ?? m[2]!)}자 이하로 쓰십시오.`],
  [/longer than or equal to (\d+) characters/, (l, m) => `${topic(l)} ${n(m[1]!)}자 이상으로 쓰십시오.`],
  [/(\d+) to (\d+) (?:columns|characters)/, (l, m) => `${topic(l)} ${m[1]}~${m[2]}칸 너비로 쓰십시오 (한글 한 글자가 2칸).`],
  [/1 character or more|should not be empty/, (l) => `${object(l)} 쓰십시오.`],
  [/(?:must be|is) an? (?:integer|whole) number|must be a whole number|must be an integer|must be a number/, (l) => `${topic(l)} 정수로 넣으십시오.`],
  [/must be (?:a boolean value|true or false|true \(.*?\) or false)/, (l) => `${topic(l)} 켜기 또는 끄기로 고르십시오.`],
  [/must be (?:one of|"|the id of|a troop's id|a general id|an? .*?\bid\b)/, (l) => `${topic(l)} 목록에 있는 것 중에서 고르십시오.`],
  [/should not exist|takes no (?:fields|argument)|is a reserved name/, (l) => `${topic(l)} 받지 않는 항목입니다. 빼고 보내십시오.`],
  [/contain at least (\d+) elements|non-empty list|must be an array|must contain no more than (\d+) elements|lists a slot twice|must be queue slots/, (l) => `${object(l)} 한 번씩, 하나 이상 고르십시오.`],
  [/must be a string|must be a text/, (l) => `${object(l)} 글로 쓰십시오.`],
];

/** A reason that names no field but a thing that is not there: the thing as the page names it. */
const MISSING: Array<[RegExp, string]> = [
  [/there is no general|no unowned NPC/, '장수'], [/there is no nation/, '국가'], [/there is no city/, '도시'], [/has no troop|in no troop/, '부대'],
  [/unknown crew type/, '병종'], [/not sold in shops|an item of the/, '장비'], [/is not offered|unknown (?:general|nation) command/, '명령'],
  [/no letter|letter \d+ has expired/, '서신'],
];

/** The field a reason names: the gateway's `field`, else the path before ` must`, or `cmd: key` at its start. */
function fieldOf(message: string): string | undefined {
  const named = /^(?:[^\s:]+: )?([\w.[\]-]+) (?:must|should|is a reserved|lists)/.exec(message);
  if (named) return named[1];
  const prefixed = /^([\w.[\]-]+): /.exec(message);
  return prefixed?.[1];
}

/**
 * A refusal's `message` as the player reads it: kept when it is Korean already, else a Korean
 * sentence naming the field (`field`, or the one the reason names; `route`, the route after
 * the world, tells apart a body field several routes share) and what to do.
 */
export function inPlayersWords(message: string, field?: string, route?: string): string {
  if (KOREAN_FIRST.test(message)) return message;
  const missing = MISSING.find(([pattern]) => pattern.test(message));
  if (missing) return `그런 ${missing[1]}${particle(missing[1], '이', '가').slice(missing[1].length)} 없습니다. 목록에서 다시 고르십시오.`;
  // `field: 한국어…`: the words are the player's already, the field named as the page names it.
  const prefixed = /^([\w.[\]-]+): (.*)$/s.exec(message);
  if (prefixed && KOREAN_FIRST.test(prefixed[2]!)) return `${fieldLabel(prefixed[1]!)}: ${prefixed[2]}`;
  const path = field ?? fieldOf(message);
  const label = path === undefined ? undefined : ((route !== undefined ? ROUTE_LABELS[`${route} ${path}`] : undefined) ?? fieldLabel(path));
  if (label !== undefined) {
    for (const [pattern, say] of RULES) {
      const m = message.match(pattern);
      if (m) return say(label, m);
    }
    return `${object(label)} 확인하고 다시 보내십시오.`;
  }
  return '요청을 받아들일 수 없습니다. 입력을 확인하고 다시 시도하십시오.';
}
