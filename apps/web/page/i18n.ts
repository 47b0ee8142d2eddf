/**
 * The page's words: Korean first (the game's own words), English second, chosen by the
 * browser and switchable (kept in localStorage). The game's lines (the chronicle, a
 * general's log, command names) stay in the game's words whatever the language.
 */
export type Lang = 'ko' | 'en';

const KO = {
  title: '삼국지 — 살아 있는 세계', worlds: '세계 목록', worldsHeading: '세계', noWorlds: '아직 열린 세계가 없습니다.',
  world: '세계', game: '게임', date: '날짜', status: '상태', chapters: '장', revision: '수', movesPerSecond: '수/초',
  operatorNotice: '운영자 메세지:', open: '진행 중', finished: '끝남', quarantined: '격리됨', follow: '따라가기', chapter: '{n}장', chapterOf: '{world} · {n}장',
  publicNote: '진행 중인 장은 공개 정보만 보입니다. 각국의 금·쌀·기술과 장수의 예약은 장이 끝난 뒤 공개됩니다.',
  map: '지도', legend: '범례', unowned: '공백지', nations: '국가', nation: '국가', cities: '도시', generals: '장수', gold: '금', rice: '쌀', tech: '기술', power: '국력',
  details: '자세히', clickHint: '도시나 장수를 누르십시오.', feed: '소식', hidden: '비공개',
  moveTime: '수 {n}: 시간이 흘렀습니다', movePlayer: '수 {n}: 한 장수가 행동했습니다', moveUndo: '수 {n}: 무르기',
  monthBegins: '{date}이 되었습니다', founded: '【건국】 {name}', fallen: '【멸망】 {name}',
  tableOpened: '장이 열렸습니다 (시드 약속 {detail})', tableFinished: '장이 끝났습니다', tableQuarantined: '격리되었습니다: {detail}',
  population: '인구', level: '규모', agri: '농업', comm: '상업', secu: '치안', def: '수비', wall: '성벽', trust: '민심', front: '전방',
  leadership: '통솔', strength: '무력', intel: '지력', office: '관직', age: '나이', injury: '부상', crew: '병력', experience: '경험', dedication: '공헌',
  explevel: '명성 레벨', dedlevel: '계급 레벨', playedBy: '플레이어: {who}', inCity: '{city}에 있음', nextCommands: '다음 명령', none: '없음',
  verifyTitle: '이 장을 브라우저에서 검증하기', verifyWorldTitle: '이 세계의 끝난 장을 모두 검증하기', verifyWorld: '세계 검증', verifyChapter: '{n}장: 끝남 (눌러서 검증)', commitment: '열릴 때 공개된 시드 약속', download: '기록 내려받기', verify: '여기서 검증', orFile: '또는 기록 파일',
  scrubTitle: '검증된 기록을 한 수씩 보기', prevMove: '◀ 이전 수', nextMove: '다음 수 ▶', backLive: '현재 세계로', moveOf: '수 {n} / {total}',
  language: 'English', signIn: '로그인', signUp: '가입', signOut: '로그아웃', username: '아이디', password: '비밀번호', oidc: '{name}(으)로 로그인',
  play: '플레이', playThis: '이 세계에서 플레이', join: '장수 만들기', possess: 'NPC 빙의', name: '이름', pickCity: '지도에서 도시를 고르십시오 (비우면 무작위)',
  statsTotal: '합계 {total} / {max}', personality: '성격', randomPersonality: '무작위', joinButton: '등록', possessButton: '빙의', yourGeneral: '나의 장수', queue: '명령 목록', log: '장수 기록',
  reserve: '예약', slots: '칸', command: '명령', pickCommand: '명령 고르기', amount: '수량', crewType: '병종', city: '도시', target: '대상',
  resource: '자원', trade: '거래', buyRice: '쌀 사기', sellRice: '쌀 팔기', nationName: '국호', nationType: '성향', colour: '색',
  year: '년', month: '월', from: '에서', to: '으로', itemType: '장비 종류', itemCode: '장비', sellItem: '지금 것을 팔기', colourN: '색 {n}', neutral: '중립', horse: '명마', weapon: '무기', book: '서적', item: '도구',
  notNow: '지금은 할 수 없습니다', possibleNow: '지금 가능한 명령', notPossibleNow: '지금은 불가능 (예약은 가능)', shiftBy: '칸 수', shiftHint: '미루기: 음수면 당기기 · 반복: 앞의 칸들을 되풀이', push: '미루기', repeat: '반복', live: '실시간', reconnecting: '연결이 끊겼습니다. 다시 연결하는 중…',
  accepted: '접수되었습니다', pending: '처리 중…', chiefQueue: '국가 명령 목록', notJoined: '아직 이 세계에 장수가 없습니다.',
  ownMovesProved: '✓ 내 명령 {n}건이 로그 서비스가 서명한 기록(항목 {size}개)에 들어 있음을 이 브라우저가 확인했습니다.', ownMovesUnsigned: ' (이 사이트는 서명 키를 알리지 않아 기록이 이어지는지만 확인했습니다)',
  ownMovesPending: ' {n}건은 다음에 확인합니다.', ownMovesBroken: '경고: 이 장의 기록을 믿을 수 없습니다 — {reason}',
  rate: '세율', bill: '지급률', ruler: '군주', firstChief: '참모', members: '소속 장수', troops: '부대', joinTroop: '부대 가입', leaveTroop: '부대 탈퇴',
  troopName: '부대 이름', createTroop: '부대 창설', renameTroop: '부대 이름 바꾸기',
  mailbox: '메시지', mailPrivate: '개인 메시지', mailNational: '국가 메시지', mailDiplomacy: '외교 메시지', mailPublic: '전체 메시지',
  mailTo: '받는 곳', mailText: '내용', mailSend: '보내기', mailNotServed: '이 서버는 아직 메시지 목록을 보여 주지 않습니다. 보내기는 됩니다.',
  notice: '국가 방침', scoutMsg: '임관 권유문', diplomacy: '외교', relation: '관계', atWar: '교전', warDeclared: '선포', trading: '통상', nonAggression: '불가침',
  nationSettings: '국가 설정', change: '변경', secretLimit: '기밀 권한 (년)', blockWar: '전쟁 금지', blockScout: '임관 금지', on: '켜짐', off: '꺼짐',
  turnOn: '켜기', turnOff: '끄기', changesLeft: '남은 변경 {n}회',
  gameDate: '게임 날짜', realTime: '실제 시각', selectSlots: '칸을 고르고(여러 칸 가능) 명령을 고르십시오.', signedInAs: '{name} 님',
  auctions: '경매장', auctionRice: '쌀 경매 (쌀을 팔고 금을 받음)', auctionGold: '금 경매 (금을 팔고 쌀을 받음)', auctionNone: '이 세계에는 경매가 없습니다.',
  auctionNo: '번호', auctionHost: '판매자', auctionAmount: '거래량', auctionStart: '시작가', auctionFinish: '즉시거래가', auctionHighest: '현재 입찰', auctionClose: '마감 (게임 시계)',
  auctionBid: '입찰', auctionOpen: '경매 열기', auctionKind: '종류', auctionTurns: '종료 턴 (1~24)', auctionLog: '최근 경매 기록', auctionOwn: '내 경매',
  tournament: '토너먼트', tournamentNone: '이 세계에는 토너먼트가 없습니다.', tournamentEnter: '참가 (참가비 금 {fee})', tournamentEntered: '참가 중',
  tournamentAuto: '자동참여', tournamentHand: '수동참여', tournamentBracket: '16강 승자전', tournamentBetting: '베팅', tournamentTotal: '전체 금액 {total} / 내 투자 금액 {mine}',
  tournamentOdds: '배당률', tournamentStake: '베팅금', tournamentBet: '베팅!', tournamentMax: '최대', tournamentGame: '경기당 {n}초',
  tournamentQualifiers: '조별 예선 순위', tournamentFinals: '조별 본선 순위', tournamentFights: '경기 기록',
};

type Words = typeof KO;

const EN: Words = {
  title: 'Three Kingdoms — living worlds', worlds: 'worlds', worldsHeading: 'Worlds', noWorlds: 'No world has opened yet.',
  world: 'world', game: 'game', date: 'date', status: 'status', chapters: 'chapters', revision: 'moves', movesPerSecond: 'moves/s',
  operatorNotice: 'From the operators:', open: 'in play', finished: 'finished', quarantined: 'quarantined', follow: 'follow', chapter: 'chapter {n}', chapterOf: '{world}, chapter {n}',
  publicNote: 'A chapter in play shows only what is public. Nations\' gold, rice and tech and every reservation are shown once it ends.',
  map: 'map', legend: 'Legend', unowned: 'unowned', nations: 'Nations', nation: 'nation', cities: 'cities', generals: 'generals', gold: 'gold', rice: 'rice', tech: 'tech', power: 'power',
  details: 'Details', clickHint: 'Click a city or a general.', feed: 'Live feed', hidden: 'hidden',
  moveTime: 'move {n}: time passed', movePlayer: 'move {n}: a general acted', moveUndo: 'move {n} taken back',
  monthBegins: '{date} begins', founded: 'founded: {name}', fallen: 'fallen: {name}',
  tableOpened: 'the chapter opened (commitment to its seed {detail})', tableFinished: 'the chapter is finished', tableQuarantined: 'quarantined: {detail}',
  population: 'population', level: 'level', agri: 'farming', comm: 'commerce', secu: 'security', def: 'defence', wall: 'wall', trust: 'trust', front: 'on the front',
  leadership: 'leadership', strength: 'strength', intel: 'intel', office: 'office', age: 'age', injury: 'injury', crew: 'crew', experience: 'experience', dedication: 'dedication',
  explevel: 'fame level', dedlevel: 'rank level', playedBy: 'played by {who}', inCity: 'in {city}', nextCommands: 'next commands', none: 'none',
  verifyTitle: 'Verify this chapter in your browser', verifyWorldTitle: 'Verify every finished chapter of this world', verifyWorld: 'Verify the world', verifyChapter: 'chapter {n}: finished (open it to verify)', commitment: 'Commitment published at the opening', download: 'Download its log', verify: 'Verify it here', orFile: 'or a log file',
  scrubTitle: 'Step through the verified log', prevMove: '◀ move', nextMove: 'move ▶', backLive: 'back to the live world', moveOf: 'move {n} of {total}',
  language: '한국어', signIn: 'Sign in', signUp: 'Sign up', signOut: 'Sign out', username: 'username', password: 'password', oidc: 'Sign in with {name}',
  play: 'Play', playThis: 'Play this world', join: 'Create a general', possess: 'Take over an NPC', name: 'name', pickCity: 'Pick a city on the map (none: a random one)',
  statsTotal: 'total {total} / {max}', personality: 'personality', randomPersonality: 'random', joinButton: 'Join', possessButton: 'Take over', yourGeneral: 'Your general', queue: 'Commands', log: 'General\'s log',
  reserve: 'Reserve', slots: 'slots', command: 'command', pickCommand: 'Pick a command', amount: 'amount', crewType: 'crew type', city: 'city', target: 'target',
  resource: 'resource', trade: 'trade', buyRice: 'buy rice', sellRice: 'sell rice', nationName: 'nation name', nationType: 'type', colour: 'colour',
  year: 'year', month: 'month', from: 'from', to: 'to', itemType: 'item slot', itemCode: 'item', sellItem: 'sell the one held', colourN: 'colour {n}', neutral: 'neutral', horse: 'horse', weapon: 'weapon', book: 'book', item: 'item',
  notNow: 'not possible now', possibleNow: 'possible now', notPossibleNow: 'not possible now (may still be reserved)', shiftBy: 'slots', shiftHint: 'push: negative pulls · repeat: the first slots over again', push: 'push', repeat: 'repeat', live: 'live', reconnecting: 'The connection is lost; reconnecting…',
  accepted: 'accepted', pending: 'pending…', chiefQueue: 'Nation\'s commands', notJoined: 'You have no general in this world yet.',
  ownMovesProved: '✓ This browser checked that {n} of your moves are in the log the log service signed ({size} entries).', ownMovesUnsigned: ' (this site names no signing key: only that the log extends itself was checked)',
  ownMovesPending: ' {n} more at the next check.', ownMovesBroken: 'Warning: this chapter\'s log cannot be trusted — {reason}',
  rate: 'tax rate', bill: 'pay rate', ruler: 'ruler', firstChief: 'first chief', members: 'Members', troops: 'Troops', joinTroop: 'join', leaveTroop: 'leave the troop',
  troopName: 'troop name', createTroop: 'create a troop', renameTroop: 'rename the troop',
  mailbox: 'Messages', mailPrivate: 'private', mailNational: 'nation', mailDiplomacy: 'diplomacy', mailPublic: 'everyone',
  mailTo: 'to', mailText: 'message', mailSend: 'send', mailNotServed: 'This server does not list messages yet; sending works.',
  notice: 'Nation\'s notice', scoutMsg: 'recruiting message', diplomacy: 'Relations', relation: 'relation', atWar: 'at war', warDeclared: 'war declared', trading: 'trading', nonAggression: 'non-aggression',
  nationSettings: 'Nation settings', change: 'change', secretLimit: 'secret limit (years)', blockWar: 'war blocked', blockScout: 'recruiting closed', on: 'on', off: 'off',
  turnOn: 'turn on', turnOff: 'turn off', changesLeft: '{n} changes left',
  gameDate: 'game date', realTime: 'real time', selectSlots: 'Select slots (several at once if you like), then a command.', signedInAs: 'signed in as {name}',
  auctions: 'Auctions', auctionRice: 'rice auctions (rice sold for gold)', auctionGold: 'gold auctions (gold sold for rice)', auctionNone: 'This world has no auctions.',
  auctionNo: 'no.', auctionHost: 'seller', auctionAmount: 'amount', auctionStart: 'start', auctionFinish: 'buy-out', auctionHighest: 'highest bid', auctionClose: 'closes (game clock)',
  auctionBid: 'bid', auctionOpen: 'open an auction', auctionKind: 'kind', auctionTurns: 'turns to close (1–24)', auctionLog: 'recent auctions', auctionOwn: 'yours',
  tournament: 'Tournament', tournamentNone: 'This world has no tournament.', tournamentEnter: 'enter (fee: {fee} gold)', tournamentEntered: 'entered',
  tournamentAuto: 'enter automatically', tournamentHand: 'enter by hand only', tournamentBracket: 'round of 16', tournamentBetting: 'Betting', tournamentTotal: 'all stakes {total} / yours {mine}',
  tournamentOdds: 'odds', tournamentStake: 'stake', tournamentBet: 'bet!', tournamentMax: 'max', tournamentGame: '{n} s a game',
  tournamentQualifiers: 'qualifier groups', tournamentFinals: 'final groups', tournamentFights: 'fights',
};

const STORE = 'chronicle.lang';

function chosen(): Lang {
  const stored = localStorage.getItem(STORE);
  if (stored === 'ko' || stored === 'en') return stored;
  // Korean unless the browser prefers English over Korean.
  for (const l of navigator.languages ?? [navigator.language]) {
    if (l.toLowerCase().startsWith('ko')) return 'ko';
    if (l.toLowerCase().startsWith('en')) return 'en';
  }
  return 'ko';
}

export let lang: Lang = chosen();

export function setLang(next: Lang): void {
  lang = next;
  localStorage.setItem(STORE, next);
  applyStatic();
}

/** A phrase in the reader's language, `{name}` filled from `args`. */
export function t(key: keyof Words, args: Record<string, string | number> = {}): string {
  const words = lang === 'ko' ? KO : EN;
  return words[key].replace(/\{(\w+)\}/g, (_, name: string) => (name in args ? typeof args[name] === 'number' ? num(args[name] as number) : String(args[name]) : `{${name}}`));
}

/** A number for the reader's locale (`1,234`). */
export function num(value: number): string {
  return value.toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB');
}

/** A game date: `184년 3월` / `March 184`. */
export function gameDate(year: number, month: number): string {
  if (lang === 'ko') return `${year}년 ${month}월`;
  return `${new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;
}

/** A real instant in the reader's locale and time zone. */
export function realTime(ms: number): string {
  return new Date(ms).toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Fills every `data-i18n` element's text (and `data-i18n-label` aria labels) in the reader's language. */
export function applyStatic(root: ParentNode = document): void {
  document.documentElement.lang = lang;
  document.title = t('title');
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n as keyof Words);
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel as keyof Words));
}

export type WordKey = keyof Words;
