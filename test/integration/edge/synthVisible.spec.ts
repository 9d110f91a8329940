// Synthesized training data teaches only what a model can do: in 1,000 trajectories, every argument value of every
// call and every answer value can be read off what the model was shown before it (the system prompt with its
// "now", the request, the tools offered with their documentation, and the earlier tool messages exactly as
// exported), as it is, as part of a longer code, joined from shown codes, zero-padded, with a province's short or full
// name, or as a day or hour said in words; a date or time may also be "now" in the system prompt's terms. Exported
// tool messages are the result view inference uses.
import { ANSWER_TOOL } from '../../../main/core/answer/answerTool.ts';
import { describe, expect, it } from 'vitest';
import { dataset } from './intentDataset.ts';
import { functionName } from '../../../main/core/catalog/functionSchema.ts';
import { normaliseText } from '../../../main/core/text/koreanText.ts';
import { SIDO_NAMES } from '../../../main/core/region/sidoNames.ts';
import { TIME_KINDS } from '../../../main/core/synth/mentions.ts';
import { kst, ymd } from '../../../main/core/time/kst.ts';
import { QUERY_TOOL } from '../../../main/core/resultView/queryRows.ts';
import { renderResult } from '../../../main/core/resultView/resultView.ts';

const DAY = 86_400_000;

/** A date or time a request says relative to now: well formed and near the moment the system prompt states. */
function nearNow(tag: string, text: string, asOf: Date): boolean {
  const now = kst(asOf);
  const near = (yyyymmdd: string, days: number): boolean => {
    const t = Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)));
    return Math.abs(t - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) <= days * DAY;
  };
  if (tag === 'date.yyyymmdd') return /^\d{8}$/.test(text) && near(text, 10);
  if (tag === 'date.yyyymm') return /^\d{6}$/.test(text) && near(`${text}01`, 95);
  if (tag === 'date.yyyy') return Math.abs(Number(text) - now.getUTCFullYear()) <= 1;
  if (tag === 'date.mm') return /^(0[1-9]|1[0-2])$/.test(text);
  if (tag === 'kma.tmFc') return /^\d{12}$/.test(text) && near(text.slice(0, 8), 2);
  return /^([01]\d|2[0-3])[0-5]\d$/.test(text) && ymd(now).length === 8;
}

/** Whether a value can be read off the text a model was shown. */
function readable(value: unknown, shown: string): boolean {
  const text = String(value);
  if (text === '' || shown.includes(text)) return true;
  // A place written as people write it: 경남 밀양시 for 경상남도 밀양시.
  if (/[가-힣]/.test(text) && normaliseText(shown).includes(normaliseText(text))) return true;
  // A day or an hour said in words: 4월 1일 for 20250401, 2024년 12월 for 202412, 낮 12시 for 1200.
  if (/^\d{8}$/.test(text) && shown.includes(`${Number(text.slice(4, 6))}월 ${Number(text.slice(6))}일`)) return true;
  if (/^\d{6}$/.test(text) && shown.includes(`${Number(text.slice(0, 4))}년 ${Number(text.slice(4))}월`)) return true;
  if (/^\d{4}$/.test(text) && text.endsWith('00')) {
    const hour = Number(text.slice(0, 2));
    if ([hour, hour > 12 ? hour - 12 : hour].some((h) => shown.includes(`${h}시`))) return true;
  }
  if (/^0+\d/.test(text) && shown.includes(text.replace(/^0+/, ''))) return true;
  // A radius said in kilometres ("반경 2km") is its metres.
  if (/^\d+000$/.test(text) && shown.includes(`${Number(text) / 1000}km`)) return true;
  const province = Object.values(SIDO_NAMES).find((s) => s.short === text);
  if (province && shown.includes(province.name)) return true;
  if (/^\d{6,}$/.test(text)) {
    // A code joined from shown codes (a PNU from a deal's district, dong, land kind and lot numbers).
    const runs = new Set(shown.match(/\d+/g) ?? []);
    const ok = new Array<boolean>(text.length + 1).fill(false);
    ok[0] = true;
    for (let i = 0; i < text.length; i++) if (ok[i]) for (let j = i + 1; j <= text.length; j++) if (runs.has(text.slice(i, j))) ok[j] = true;
    return ok[text.length]!;
  }
  return false;
}

/** The values of a call that say what is asked (a query's operator, order and limit say how). */
function scored(tool: string, args: Record<string, unknown>): { param: string; value: unknown; tag?: string }[] {
  if (tool === QUERY_TOOL) {
    const where = (args.where as { field: string; value: unknown }[] | undefined) ?? [];
    return [
      { param: 'result', value: args.result },
      ...['orderBy', 'field'].filter((k) => args[k] !== undefined).map((k) => ({ param: k, value: args[k] })),
      ...((args.fields as string[] | undefined) ?? []).map((f) => ({ param: 'fields', value: f })),
      ...where.flatMap((c) => [
        { param: 'where.field', value: c.field },
        { param: 'where.value', value: c.value },
      ]),
    ];
  }
  const spec = dataset.engine.catalog().require(tool);
  return Object.entries(args).flatMap(([param, value]) => {
    const tag = spec.parameters.properties[param]?.['x-semantic'];
    if (!tag || tag.startsWith('paging.')) return [];
    return [value].flat().map((v) => ({ param, value: v, tag }));
  });
}

describe('1,000 synthesized trajectories against what their model was shown', () => {
  it('read every argument and every answer value off the request or an earlier tool message', () => {
    expect(dataset.rows).toHaveLength(1000);
    const unreadable: string[] = [];
    dataset.rows.forEach((row, i) => {
      const sample = dataset.samples[i]!;
      const asOf = new Date(sample.walk.asOf);
      // The system prompt, the request, and the tools offered with their documentation (KMA's category codes, enums).
      let shown = `${row.messages[0]!.content}\n${row.messages[1]!.content}\n${JSON.stringify(row.tools)}`;
      const byName = new Map(
        dataset.engine
          .catalog()
          .list()
          .map((t) => [functionName(t.id), t.id]),
      );
      for (const message of row.messages.slice(2)) {
        if (message.role === 'tool') shown += `\n${message.content}`;
        for (const call of message.tool_calls ?? []) {
          // The answer tool's call commits the answer, checked below with the answer value.
          if (call.function.name === ANSWER_TOOL) continue;
          const tool = byName.get(call.function.name)!;
          for (const { param, value, tag } of scored(tool, JSON.parse(call.function.arguments) as Record<string, unknown>)) {
            const ok = readable(value, shown) || (tag !== undefined && TIME_KINDS.has(tag) && nearNow(tag, String(value), asOf));
            if (!ok) unreadable.push(`#${sample.ordinal} ${tool}.${param}=${String(value)}: ${sample.query}`);
          }
        }
      }
      for (const value of [sample.walk.trace.answer].flat())
        if (!readable(value, shown)) unreadable.push(`#${sample.ordinal} answer ${String(value)}: ${sample.query}`);
    });
    expect(unreadable.slice(0, 20)).toEqual([]);
  });

  it('export every tool message as the result view the agent loop shows, handles numbered from r1', () => {
    dataset.rows.forEach((row, i) => {
      const steps = dataset.samples[i]!.walk.trace.steps;
      const tools = row.messages.filter((m) => m.role === 'tool').map((m) => m.content);
      expect(tools).toEqual(
        steps.map((s) => renderResult({ ok: s.ok, items: s.items, totalCount: s.totalCount, error: null, counts: s.counts }, s.handle ?? null).text),
      );
      expect(steps.map((s) => s.handle)).toEqual(steps.map((_, k) => `r${k + 1}`));
    });
  });

  it('reach hidden rows through the query tool where a pick needs them', () => {
    const picks = dataset.samples.flatMap((s) =>
      s.walk.trace.steps.filter((st) => st.tool === QUERY_TOOL && st.args.aggregate === undefined).map((q) => ({ s, q })),
    );
    expect(picks.length).toBeGreaterThan(50);
    for (const { s, q } of picks) {
      const source = s.walk.trace.steps.find((st) => st.handle === q.args.result)!;
      // A query that picks a row reads a result longer than the view (a count or a mean may read any result).
      expect(renderResult({ ok: true, items: source.items, totalCount: source.totalCount, error: null }, 'r1').shown, s.query).toBeLessThan(
        source.items.length,
      );
    }
  });
});
