import type { ResultPreview } from '../../../main/core/view/resultPreview.ts';
import { useLocale } from '../i18n.tsx';

/** A call's first rows, and how many there are in all. */
export function ResultTable({ preview }: { preview: ResultPreview }) {
  const { t } = useLocale();
  const total = preview.total ?? preview.returned;
  if (preview.returned === 0) return <p className="muted">{t('call.noRows')}</p>;
  return (
    <div className="result-table">
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {preview.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, i) => (
              <tr key={i}>
                {row.map((value, j) => (
                  <td key={j}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('call.rowsShown', { shown: preview.rows.length, total })}</p>
    </div>
  );
}
