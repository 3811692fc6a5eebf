import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../../lib/i18n';

/** Every leaf of a JSON value by its path (`levels.high`, `spendBands[1].min`). */
export function flattenJson(value: unknown, path = '', out = new Map<string, string>()) {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(path, '[]');
    value.forEach((v, i) => flattenJson(v, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(path, '{}');
    for (const [k, v] of entries) flattenJson(v, path ? `${path}.${k}` : k, out);
  } else {
    out.set(path, JSON.stringify(value));
  }
  return out;
}

/** The fields two rulesets differ in: path, left value, right value (absent = —). */
export function diffRulesets(left: unknown, right: unknown) {
  const a = flattenJson(left);
  const b = flattenJson(right);
  const paths = [...new Set([...a.keys(), ...b.keys()])].filter(
    (p) => p !== 'version' && a.get(p) !== b.get(p),
  );
  return paths.map((path) => ({ path, left: a.get(path) ?? '—', right: b.get(path) ?? '—' }));
}

/** Two versions side by side, one row per field that differs (highlighted). */
export function RulesetDiff({
  left,
  right,
}: {
  left: { versionNumber: number; ruleset: unknown };
  right: { versionNumber: number; ruleset: unknown };
}) {
  const t = useT();
  const rows = diffRulesets(left.ruleset, right.ruleset);
  if (rows.length === 0)
    return (
      <Typography role="status">
        {t('Versions {{left}} and {{right}} hold the same rules.', {
          left: left.versionNumber,
          right: right.versionNumber,
        })}
      </Typography>
    );
  return (
    <>
      <Typography role="status">
        {rows.length === 1
          ? t('1 field differs.')
          : t('{{count}} fields differ.', { count: rows.length })}
      </Typography>
      <Table size="small" aria-label={t('Differences')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Field')}</TableCell>
            <TableCell>{t('Version {{version}}', { version: left.versionNumber })}</TableCell>
            <TableCell>{t('Version {{version}}', { version: right.versionNumber })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.path} selected>
              <TableCell component="th" scope="row">
                {r.path}
              </TableCell>
              <TableCell>{r.left}</TableCell>
              <TableCell>{r.right}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
