import type { Bilingual } from '../../lessons/types';

/** A table the lesson's code produced (adapters found, feature support ...), shown where the canvas would be. */
export interface OutTable {
  title: Bilingual;
  columns: Bilingual[];
  rows: (string | number)[][];
  /** Row index to mark (the chosen adapter ...). */
  highlight?: number;
  testId?: string;
}

export function isOutTable(v: unknown): v is OutTable {
  return !!v && typeof v === 'object' && Array.isArray((v as OutTable).rows) && Array.isArray((v as OutTable).columns);
}

export function OutputTables({ tables, lang }: { tables: OutTable[]; lang: 'en' | 'zh' }) {
  return (
    <>
      {tables.map((t, i) => (
        <table key={i} className="out-table" data-testid={t.testId}>
          <caption>{t.title[lang]}</caption>
          <thead>
            <tr>
              {t.columns.map((c, j) => (
                <th key={j} scope="col">
                  {c[lang]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.map((r, ri) => (
              <tr
                key={ri}
                className={ri === t.highlight ? 'chosen' : undefined}
                aria-selected={ri === t.highlight ? true : undefined}
              >
                {r.map((c, j) => (
                  <td key={j}>
                    {ri === t.highlight && j === 0 ? '▶ ' : ''}
                    {String(c)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}
