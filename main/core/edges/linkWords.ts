// A link and its trials in people's words: "앞 도구 결과의 법정동코드 앞 5자리 11680으로 아파트 매매 실거래가 조회가
// 67건을 돌려줌" rather than an id, field codes and a result code. The names come from the catalog (both languages,
// so a screen says them in its own); the sentence is put together in the language asked for.
import type { LocalizedText, ToolSpec } from '../catalog/types.ts';
import type { SemanticVocabulary } from '../catalog/validateCatalog.ts';
import { callKindLabel, translate, type Locale } from '../i18n/strings.ts';
import { josa } from '../text/josa.ts';
import { IDENTITY, transformById } from './transforms.ts';
import type { EdgeKey, EdgeTrial } from './types.ts';

/** What a link's evidence names, in both languages. */
export interface LinkWords {
  from: LocalizedText;
  to: LocalizedText;
  /** What is carried: the source fields' names, or what the transform makes of them. */
  carried: LocalizedText;
}

function fieldName(spec: ToolSpec | undefined, field: string, vocabulary: SemanticVocabulary): LocalizedText {
  const f = spec?.response.fields[field];
  const kind = f?.semantic ? vocabulary.tags[f.semantic] : undefined;
  // A kind's label is a definition ("법정동코드 10자리 (시도2+…)"): its words before the bracket name the value.
  const short = (text: string | undefined): string | undefined => text?.replace(/\s*\(.*$/, '');
  return { ko: f?.ko ?? short(kind?.ko) ?? field, en: f?.en ?? short(kind?.en) ?? field };
}

export function linkWords(key: EdgeKey, specOf: (id: string) => ToolSpec | undefined, vocabulary: SemanticVocabulary): LinkWords {
  const from = specOf(key.fromTool);
  const to = specOf(key.toTool);
  const transform = key.transform === IDENTITY ? undefined : transformById(key.transform);
  const fields = key.fromFields.map((f) => fieldName(from, f, vocabulary));
  return {
    from: from?.name ?? { ko: key.fromTool, en: key.fromTool },
    to: to?.name ?? { ko: key.toTool, en: key.toTool },
    carried: transform ? { ko: transform.ko, en: transform.en } : { ko: fields.map((f) => f.ko).join('·'), en: fields.map((f) => f.en).join(' and ') },
  };
}

/** One trial as a sentence: what was carried, and what the next tool did with it. */
export function trialSentence(locale: Locale, words: LinkWords, trial: Pick<EdgeTrial, 'ok' | 'sampleValues' | 'toRows' | 'toCode'>): string {
  const carried = Object.entries(trial.sampleValues);
  // Several values carried together are told apart by their parameters: "nx 60, ny 127".
  const values = carried.map(([param, v]) => `${carried.length > 1 ? `${param} ` : ''}${Array.isArray(v) ? v.join(', ') : String(v)}`).join(', ');
  // Korean takes the particles the words end in (11680으로, …조회가); English the words alone.
  const vars = {
    what: words.carried[locale],
    valuesWith: locale === 'ko' ? josa(values, '으로/로') : values,
    toolWith: locale === 'ko' ? josa(words.to[locale], '이/가') : words.to[locale],
    n: trial.toRows ?? 0,
  };
  if (trial.ok) return translate(locale, trial.toRows === null ? 'graph.evidence.okData' : 'graph.evidence.ok', vars);
  const outcome = trial.toRows === 0 ? callKindLabel(locale, 'NoData') : callKindLabel(locale, trial.toCode ?? 'Upstream');
  return translate(locale, 'graph.evidence.failed', { ...vars, outcome });
}
