import { phpNumberFormat, phpRound, phpStrimWidth, phpStrWidth } from './php-math';

// Every expected value below is what PHP 8.2.36 (Debian php8.2-cli) printed for the same
// call: `php -r 'echo json_encode([round($v), round($v, 2)]);'`.
describe("PHP's round()", () => {
  it.each([
    [775.4999999999999, 776, 775.5],
    [-775.4999999999999, -776, -775.5],
    [-2.5, -3, -2.5],
    [2.5, 3, 2.5],
    [-0.5, -1, -0.5],
    [1.955, 2, 1.96],
    [6063.75, 6064, 6063.75],
    [-1332.5, -1333, -1332.5],
    [0.285, 0, 0.29],
    [1.45, 1, 1.45],
    [1e15 + 0.5, 1e15 + 0.5, 1e15 + 0.5],
  ])('round(%p) = %p, round(…, 2) = %p', (value, whole, hundredths) => {
    expect(phpRound(value)).toBe(whole);
    expect(phpRound(value, 2)).toBe(hundredths);
  });

  // `php -r 'var_export(round($v, $p));'` on the same PHP 8.2.
  it.each([
    [1234.5, -2, 1200],
    [-1250, -2, -1300],
    [1249.9999999999998, -2, 1300],
    [12345678.5, -1, 12345680],
    [2.5e22, -22, 3e22],
    [1.5e20, 2, 1.5e20],
    [123456789012345.67, 2, 123456789012345.67],
    [999999999999999.5, 0, 1e15],
    [5.055, 2, 5.06],
    [-0.000123455, 8, -0.00012346],
    [0.000123456, 22, 0.000123456],
    [1.23456789e-10, 22, 1.23456789e-10],
    [-0, 0, -0],
    [1e-300, 5, 0],
    [1.0000000000000002, 15, 1.0000000000000002],
    [Infinity, 0, Infinity],
    [-Infinity, 2, -Infinity],
  ])('round(%p, %p) = %p', (value, places, rounded) => {
    expect(phpRound(value, places)).toBe(rounded);
  });

  it('refuses places PHP would not round to', () => {
    expect(() => phpRound(1.5, 0.5)).toThrow('phpRound supports 0 to ±22 places, not 0.5');
    expect(() => phpRound(1.5, 23)).toThrow(RangeError);
    expect(() => phpRound(1.5, -23)).toThrow(RangeError);
    expect(phpRound(1.5, -22)).toBe(0);
  });

  it('differs from Math.round where the legacy does', () => {
    expect(Math.round(-2.5)).toBe(-2);
    expect(Math.round(775.4999999999999)).toBe(775);
    expect(phpRound(0)).toBe(0);
    expect(phpRound(NaN)).toBeNaN();
  });
});

describe("PHP's number_format($v, 6, '.', '')", () => {
  it.each([
    [5e-7, '0.000001'],
    [-5e-7, '-0.000001'],
    [2.5e-7, '0.000000'],
    [-1e-9, '0.000000'],
    [0.1234565, '0.123457'],
    [1.0000005, '1.000001'],
  ])('%p → %p', (value, text) => {
    expect(phpNumberFormat(value, 6)).toBe(text);
  });
});

describe("PHP's number_format($v, $d) with thousands", () => {
  it.each([
    [1234567.5, 0, '1,234,568'],
    [-1234.45, 1, '-1,234.5'],
    [999.5, 0, '1,000'],
    [12.34, 1, '12.3'],
    [1234.5, 0, '1,235'],
    [-0.4, 0, '0'],
    [-0.5, 0, '-1'],
    [-1234567.891, 2, '-1,234,567.89'],
  ])('%p with %p decimals → %p', (value, decimals, text) => {
    expect(phpNumberFormat(value, decimals, ',')).toBe(text);
  });
});

// `php -r 'echo mb_strwidth(mb_chr($c));'` at the edges of the wide ranges.
describe("PHP's mb_strwidth", () => {
  it.each([
    [0x41, 1], [0x10ff, 1], [0x1100, 2], [0x115f, 2], [0x1160, 1], [0x2329, 2], [0x232b, 1], [0x3040, 1], [0x3041, 2],
    [0x3097, 1], [0x4dbf, 2], [0x4dc0, 1], [0xa4c6, 2], [0xa4c7, 1], [0xac00, 2], [0xd7a3, 2], [0xd7a4, 1], [0xfe53, 1],
    [0xff00, 1], [0xff01, 2], [0xff60, 2], [0xff61, 1], [0x1f300, 2], [0x1f321, 1], [0x1f900, 1], [0x1f90c, 2], [0x3fffd, 2],
    [0x3fffe, 1],
  ])('code point %p is %p columns', (cp, width) => {
    expect(phpStrWidth(String.fromCodePoint(cp))).toBe(width);
  });

  it('adds the columns of a name', () => {
    expect(phpStrWidth('조조 Cao☃😀')).toBe(11);
    expect(phpStrWidth('')).toBe(0);
  });
});

// `php -r 'echo mb_strimwidth($s, 0, $w);'` (PHP 8.2): the head that fits, a wide character
// crossing the edge left out whole, no trim marker.
describe("PHP's mb_strimwidth from 0", () => {
  it.each([
    ['㉥가나다라마바사아자', 18, '㉥가나다라마바사아'],
    ['㉥가a나b다c라d마e바f사', 18, '㉥가a나b다c라d마e'],
    ['㉥abcdefghijklmnopqrstu', 18, '㉥abcdefghijklmnop'],
    ['㉥조조😀ab', 18, '㉥조조😀ab'],
    ['㉥가나다라마바사아😀', 18, '㉥가나다라마바사아'],
    ['가나다', 5, '가나'],
    ['abc', 0, ''],
  ])('%p at %p columns is %p', (text, width, head) => {
    expect(phpStrimWidth(text, width)).toBe(head);
  });
});
