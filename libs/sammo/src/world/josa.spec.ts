import { josa, withJosa, type Particle } from './josa';

// What the legacy JosaUtil::pick($word, $particle) printed (hided62/hidche_core
// src/sammo/JosaUtil.php under PHP 8.2.36) for 을, 이, 은, 으로, 과.
const LEGACY: Record<string, string> = {
  '상업 투자': '를,가,는,로,와',
  '농지 개간': '을,이,은,으로,과',
  '치안 강화': '를,가,는,로,와',
  '주민 선정': '을,이,은,으로,과',
  '쌀': '을,이,은,로,과',
  '통솔': '을,이,은,로,과',
  '무력': '을,이,은,으로,과',
  '3품관': '을,이,은,으로,과',
  '1,200': '을,이,은,으로,과',
  'Lv 7': '을,이,은,로,과',
  '0': '를,가,는,로,와',
  '10': '을,이,은,으로,과',
  'abc': '를,가,는,로,와',
  'book': '을,이,은,으로,과',
  'hook': '를,가,는,로,와',
  '인구': '를,가,는,로,와',
};
const PARTICLES: Particle[] = ['을', '이', '은', '으로', '과'];

describe('josa (legacy JosaUtil::pick)', () => {
  it.each(Object.entries(LEGACY))('%s takes %s', (word, expected) => {
    expect(PARTICLES.map((p) => josa(word, p)).join(',')).toBe(expected);
  });

  it('writes the word with its particle', () => {
    expect(withJosa('상업 투자', '을')).toBe('상업 투자를');
    expect(withJosa(7, '으로')).toBe('7로');
  });
});
