import { floatColumn, sqlNumber } from './sql-columns';

describe('the legacy columns', () => {
  it('a FLOAT column gives back float32 at six digits, ties to even (values read back from MariaDB 10.11 through mysqlnd)', () => {
    // Inserted into a FLOAT column and selected with MYSQLI_OPT_INT_AND_FLOAT_NATIVE.
    const read = [9156.625, 9156.635, 1004.46, 10516.2, 0, 12345.65, 1234565, 0.0001234565, 53.32, 7.5, 2.5].map(floatColumn);
    expect(read).toEqual([9156.62, 9156.63, 1004.46, 10516.2, 0, 12345.7, 1234560, 0.000123456, 53.32, 7.5, 2.5]);
  });

  it('PHP prints a float into SQL with 14 significant digits', () => {
    expect(sqlNumber(0.1 + 0.2)).toBe(0.3);
    expect(sqlNumber(4.459999999999999)).toBe(4.46);
    expect(sqlNumber(123.456)).toBe(123.456);
  });
});
