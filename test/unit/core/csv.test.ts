// CSV for spreadsheets: Excel must read the Korean, and a value an API or a model wrote must stay a value.
import { describe, expect, it } from 'vitest';
import { csvText } from '../../../main/core/text/csv.ts';

describe('csv files', () => {
  it('start with a byte-order mark and quote what needs quoting', () => {
    const text = csvText(
      ['이름', '주소'],
      [
        ['강남 약국', '서울 강남구, 역삼동'],
        ['"큰" 약국', 'a\nb'],
      ],
    );
    expect(text).toBe('\uFEFF이름,주소\r\n강남 약국,"서울 강남구, 역삼동"\r\n"""큰"" 약국","a\nb"\r\n');
  });

  it('write no cell a spreadsheet would run as a formula, and leave numbers as numbers', () => {
    const text = csvText(['v'], [['=HYPERLINK("http://evil.example")'], ['@SUM(A1)'], ['+1+1'], ['-3.2'], [-5], ['1e3']]);
    expect(text.split('\r\n').slice(1, -1)).toEqual([`"'=HYPERLINK(""http://evil.example"")"`, "'@SUM(A1)", "'+1+1", '-3.2', '-5', '1e3']);
  });
});
