import { translateServerMessage, useT } from '../../lib/i18n';

/** A rejected row of an uploaded file, as the contract's row rejects give it. */
export type RejectedRow = {
  row: number;
  supplierKey: string | null;
  field: string;
  message: string;
};

/**
 * The first rejected rows of an upload (outcome files, network answer files), each naming its
 * row, supplier, field and problem; the whole list is a download where the screen offers one.
 */
export function RejectedRowsList({ rejects, max }: { rejects: RejectedRow[]; max: number }) {
  const t = useT();
  if (rejects.length === 0) return null;
  return (
    <ul aria-label={t('Rejected rows')}>
      {rejects.slice(0, max).map((r) => (
        <li key={`${r.row}-${r.field}`}>
          {r.supplierKey
            ? t('Row {{row}} ({{supplier}}): {{field}}: {{message}}', {
                row: r.row,
                supplier: r.supplierKey,
                field: r.field,
                message: translateServerMessage(r.message),
              })
            : t('Row {{row}}: {{field}}: {{message}}', {
                row: r.row,
                field: r.field,
                message: translateServerMessage(r.message),
              })}
        </li>
      ))}
    </ul>
  );
}
