import type { SemanticKind } from '../../../main/api/contract.ts';
import type { FieldSpec } from '../../../main/core/catalog/types.ts';
import type { ResultPreview } from '../../../main/core/resultView/resultPreview.ts';
import { useLocale } from '../i18n.tsx';
import { cellWords, columnWords, readingOf } from './resultWords.ts';

/**
 * A call's first rows, and how many there are in all; with the tool's fields and the catalog's value kinds, headed
 * and written in people's words (the API's names on hover).
 */
export function ResultTable({ preview, fields, kinds }: { preview: ResultPreview; fields?: Record<string, FieldSpec>; kinds?: Record<string, SemanticKind> }) {
  const { t, locale } = useLocale();
  const total = preview.total ?? preview.returned;
  if (preview.returned === 0) return <p className="muted">{t('call.noRows')}</p>;
  return (
    <div className="result-table">
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {preview.columns.map((c) => {
                const words = columnWords(c, fields?.[c], locale, kinds);
                return (
                  <th key={c} scope="col" title={words.code} data-field={c}>
                    {words.label}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, i) => (
              <tr key={i}>
                {row.map((value, j) => {
                  const field = fields?.[preview.columns[j]!];
                  const reading = field?.readBy ? readingOf(field, Object.fromEntries(preview.columns.map((c, k) => [c, row[k]])), fields, kinds) : undefined;
                  return <td key={j}>{cellWords(value, field, kinds, locale, reading)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('call.rowsShown', { shown: preview.rows.length, total })}</p>
    </div>
  );
}
