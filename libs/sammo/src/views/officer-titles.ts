/**
 * The office's title (legacy `getOfficerLevelText`, func_converter.php): chiefs (5–12) by
 * the nation's level, city officers (2–4), a member (1), 재야 (0); '-' for no such office.
 */
export function officerTitle(officerLevel: number, nationLevel: number): string {
  const level = officerLevel <= 4 ? 0 : nationLevel;
  return TITLES[level * 100 + officerLevel] ?? '-';
}

const TITLES: Readonly<Record<number, string>> = {
  812: '군주', 811: '참모', 810: '제1장군', 809: '제1모사', 808: '제2장군', 807: '제2모사', 806: '제3장군', 805: '제3모사',
  712: '황제', 711: '승상', 710: '표기장군', 709: '사공', 708: '거기장군', 707: '태위', 706: '위장군', 705: '사도',
  612: '왕', 611: '광록훈', 610: '좌장군', 609: '상서령', 608: '우장군', 607: '중서령', 606: '전장군', 605: '비서령',
  512: '공', 511: '광록대부', 510: '안국장군', 509: '집금오', 508: '파로장군', 507: '소부',
  412: '주목', 411: '태사령', 410: '아문장군', 409: '낭중', 408: '호군', 407: '종사중랑',
  312: '주자사', 311: '주부', 310: '편장군', 309: '간의대부',
  212: '군벌', 211: '참모', 210: '비장군', 209: '부참모',
  112: '영주', 111: '참모',
  12: '두목', 11: '부두목',
  4: '태수', 3: '군사', 2: '종사', 1: '일반', 0: '재야',
};
