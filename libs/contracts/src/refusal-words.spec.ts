import { fieldLabel, inPlayersWords } from './refusal-words';

describe('inPlayersWords: a refusal as the player reads it', () => {
  it('says a rule\'s range in Korean, naming the field as the page does, then the original', () => {
    expect(inPlayersWords('setRate.amount must be a whole number from 5 to 30: the tax rate, %'))
      .toBe('세율은 5~30 사이의 정수로 넣으십시오.');
    expect(inPlayersWords('setBill.amount must be a whole number from 20 to 200: x')).toMatch(/^지급률은 20~200 사이의 정수로 넣으십시오\.$/);
    expect(inPlayersWords('che_징병: amount must be an integer from 100 to 1000000')).toMatch(/^수량은 100~1,000,000 사이의 정수로 넣으십시오\.$/);
    expect(inPlayersWords('createGeneral.leadership must be an integer from 15 to 80')).toMatch(/^통솔은 15~80 사이의 정수로 넣으십시오\.$/);
  });

  it('words class-validator\'s messages by the field the gateway names', () => {
    expect(inPlayersWords('amount must not be greater than 12', 'amount')).toBe('수량은 12 이하로 넣으십시오.');
    expect(inPlayersWords('each value in slots must not be greater than 29', 'reservations.0.slots')).toMatch(/^칸은 29 이하로 넣으십시오\./);
    expect(inPlayersWords('leadership must not be greater than 80', 'leadership')).toMatch(/^통솔은 80 이하로/);
    expect(inPlayersWords('msg must be a string', 'msg')).toMatch(/^내용을 글로 쓰십시오\./);
    expect(inPlayersWords('value must be a boolean value', 'value')).toMatch(/^값은 켜기 또는 끄기로 고르십시오\./);
    expect(inPlayersWords('property now should not exist', 'now')).toMatch(/받지 않는 항목입니다/);
    expect(inPlayersWords('setScoutMsg.msg must be at most 1000 characters, not 1001')).toMatch(/^임관 권유문은 1,000자 이하로 쓰십시오\./);
  });

  it('keeps the legacy\'s own words and a Korean-first message as they are', () => {
    expect(inPlayersWords('권한이 부족합니다. (setRate: x is neither a chief)')).toBe('권한이 부족합니다. (setRate: x is neither a chief)');
    expect(inPlayersWords('0은 불가능합니다 (amount: turns)', 'amount')).toBe('0은 불가능합니다 (amount: turns)');
    expect(inPlayersWords('amount: 0은 불가능합니다')).toBe('수량: 0은 불가능합니다');
  });

  it('says something Korean for a reason of no known shape, with or without a field', () => {
    expect(inPlayersWords('trade-equipment: itemCode must be None (to sell) or an item of the horse slot')).toBe('그런 장비가 없습니다. 목록에서 다시 고르십시오.');
    expect(inPlayersWords('conscript: unknown crew type 42')).toBe('그런 병종이 없습니다. 목록에서 다시 고르십시오.');
    expect(inPlayersWords('che_증여: there is no general 77')).toBe('그런 장수가 없습니다. 목록에서 다시 고르십시오.');
    expect(inPlayersWords('sendMessage.text must be a text of 1 character or more')).toBe('내용을 쓰십시오.');
    expect(inPlayersWords('amount must not be greater than 12', 'amount', 'commands/repeat')).toBe('칸 수는 12 이하로 넣으십시오.');
    expect(inPlayersWords('this table has no invader game')).toBe('요청을 받아들일 수 없습니다. 입력을 확인하고 다시 시도하십시오.');
    for (const message of ['a move is an object with a "type"', 'block.generalIds: there is no general 7', 'slots lists a slot twice']) {
      expect(inPlayersWords(message)).toMatch(/^[\uAC00-\uD7A3]/);
    }
  });

  it('names a field by its last part, the move\'s type first where that tells two apart, and keeps a path it does not know', () => {
    expect(fieldLabel('reservations.0.slots')).toBe('칸');
    expect(fieldLabel('setSecretLimit.amount')).toBe('기밀 권한 (년)');
    expect(fieldLabel('pushQueue.amount')).toBe('칸 수');
    expect(fieldLabel('officerLevel')).toBe('관직');
    expect(inPlayersWords('permission must be one of the following values: ambassador, auditor', 'permission')).toBe('권한은 목록에 있는 것 중에서 고르십시오.');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
  });
});
