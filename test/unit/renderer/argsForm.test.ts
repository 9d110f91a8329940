// The catalog's "try it" form: what a person types becomes the arguments the gateway checks, and back.
import { describe, expect, it } from 'vitest';
import { argsFromValues, exampleLabel, formFields, formatOf, valuesFromArgs } from '../../../renderer/src/views/catalog/argsForm.ts';
import { translate, type StringKey } from '../../../main/core/i18n/strings.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

const deals = bundledCatalog().require('molit.getRTMSDataSvcAptTradeDev');
const holidays = bundledCatalog().require('kasi.getRestDeInfo');

describe('the try-it form', () => {
  it('puts required parameters first and paging last, with a date or month input where the value is a date', () => {
    const fields = formFields(deals.parameters);
    expect(fields.map((f) => [f.name, f.required, f.kind])).toEqual([
      ['LAWD_CD', true, 'text'],
      ['DEAL_YMD', true, 'month'],
      ['pageNo', false, 'integer'],
      ['numOfRows', false, 'integer'],
    ]);
  });

  it('turns a month input into YYYYMM and an example back into what the inputs show', () => {
    const fields = formFields(deals.parameters);
    const values = valuesFromArgs(fields, deals.examples[0]!.args);
    expect(values).toMatchObject({ DEAL_YMD: '2024-01', LAWD_CD: '11110', pageNo: '' });
    expect(argsFromValues(fields, { ...values, numOfRows: ' 50 ' })).toEqual({ LAWD_CD: '11110', DEAL_YMD: '202401', numOfRows: 50 });
  });

  it("writes records as JSON, so NTS's validation example is drawn as its values and sent back as it was", () => {
    const validate = bundledCatalog().require('nts.businessValidate');
    const fields = formFields(validate.parameters);
    const values = valuesFromArgs(fields, validate.examples[0]!.args);
    expect(values.businesses).toBe('[{"b_no":"2208162517","start_dt":"20100101","p_nm":"홍길동"}]');
    expect(argsFromValues(fields, values)).toEqual(validate.examples[0]!.args);
    expect(argsFromValues(fields, { businesses: '[{"b_no": ' })).toEqual({ businesses: '[{"b_no":' });
    // Its button shows the record's values, never "[object Object]"; a long id is cut to a glance.
    expect(exampleLabel(validate.examples[0]!.args)).toBe('2208162517 · 20100101 · 홍길동');
    expect(exampleLabel(bundledCatalog().require('hira.getDtlInfo').examples[0]!.args)).toBe('JDQ4MTg4MSM1MSMkMSM…');
  });

  it('leaves empty inputs out and keeps text a number input cannot read, so the gateway names the problem', () => {
    const fields = formFields(holidays.parameters);
    expect(argsFromValues(fields, { solYear: '2025', solMonth: '', pageNo: 'two' })).toEqual({ solYear: '2025', pageNo: 'two' });
  });

  it('states a format in words in one line: digits, range and default, in either language', () => {
    const ko = (key: StringKey, vars?: Record<string, string | number>) => translate('ko', key, vars);
    const en = (key: StringKey, vars?: Record<string, string | number>) => translate('en', key, vars);
    expect(formatOf(holidays.parameters.properties.numOfRows!, ko)).toBe('1~100 · 기본값 100');
    expect(formatOf(holidays.parameters.properties.solYear!, ko)).toBe('숫자 4자리');
    expect(formatOf(holidays.parameters.properties.solYear!, en)).toBe('4 digits');
    expect(formatOf(holidays.parameters.properties.solMonth!, ko)).toBe('월 01~12 (두 자리)');
  });

  it('says every date or time pattern of the catalog in words, never as a regular expression', () => {
    const en = (key: StringKey, vars?: Record<string, string | number>) => translate('en', key, vars);
    for (const tool of bundledCatalog().list()) {
      for (const [name, schema] of Object.entries(tool.parameters.properties)) {
        if (!schema.pattern || !/^(date|time|kma\.(baseTime|tmFc))/.test(schema['x-semantic'] ?? '')) continue;
        expect(formatOf(schema, en), `${tool.id}.${name}`).not.toMatch(/[\^$\\|[\]]/);
      }
    }
  });
});
