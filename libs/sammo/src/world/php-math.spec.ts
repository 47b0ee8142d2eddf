import { phpNumberFormat, phpRound } from './php-math';

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
  ])('%p with %p decimals → %p', (value, decimals, text) => {
    expect(phpNumberFormat(value, decimals, ',')).toBe(text);
  });
});
