import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { TileRow } from '../../../components/layout/tile-row';
import { tKey, useT } from '../../../lib/i18n';

/**
 * /dev/layouts/* (SPEC §2 Dev): the page layouts the product's screens are built from, drawn
 * with the same shared components, so a new screen starts from one of these rather than from
 * a copy of another page. Each layout has its own address (/dev/layouts/detail …).
 */
const LAYOUTS = [
  {
    path: 'summary',
    label: tKey('Summary'),
    use: tKey('A job summary or a dashboard: a row of tiles over titled sections.'),
  },
  {
    path: 'detail',
    label: tKey('Detail'),
    use: tKey(
      'One record (an issuer, an SFTP inbox, a supplier): its facts, then a section per concern.',
    ),
  },
  {
    path: 'form',
    label: tKey('Form'),
    use: tKey(
      'Create or edit: fields in one section, the action last, the server’s message under its field.',
    ),
  },
  {
    path: 'states',
    label: tKey('States'),
    use: tKey('What a section shows while loading, when empty, and when the server refused.'),
  },
] as const;

function SummaryLayout() {
  const t = useT();
  return (
    <Stack spacing={3}>
      <TileRow
        tiles={[
          { label: t('Suppliers'), value: '12,480' },
          { label: t('Spend'), value: '£84,210,377.12', note: t('over 12 months') },
          { label: t('Matched'), value: '71.4 %' },
          { label: t('Accept cards'), value: '5,903' },
        ]}
      />
      <Section title={t('Where the spend is')}>
        <Typography>{t('A chart or a table of one question goes in each section.')}</Typography>
      </Section>
      <Section title={t('What to do next')}>
        <Typography>
          {t("Sections stack with the page's spacing; each has one heading.")}
        </Typography>
      </Section>
    </Stack>
  );
}

function DetailLayout() {
  const t = useT();
  return (
    <Stack spacing={3}>
      <Section title={t('Facts')}>
        <FactList
          label={t('Example record')}
          facts={[
            [t('Name'), 'Northgate Bakery Ltd'],
            [t('Country'), 'GBR'],
            [t('Identifier'), '7c1f0b0e-2d9a-4c55-9f3e-0a7a5f0e9b11'],
            [t('Contact'), ''],
          ]}
        />
      </Section>
      <Section title={t('Connection')}>
        <Stack direction="row" spacing={2}>
          <Button variant="outlined">{t('Test connection')}</Button>
          <Button variant="contained">{t('Poll now')}</Button>
        </Stack>
      </Section>
    </Stack>
  );
}

function FormLayout() {
  const t = useT();
  return (
    <Section title={t('New record')}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField label={t('Name')} required defaultValue="Northgate Bakery" />
        <TextField
          label={t('Postcode')}
          defaultValue="ZZ1"
          error
          helperText={t("postcode: ZZ1 is not a UK postcode (the server's message, at its field)")}
        />
        <div>
          <Button variant="contained">{t('Save')}</Button>
        </div>
      </Stack>
    </Section>
  );
}

function StatesLayout() {
  const t = useT();
  return (
    <Stack spacing={3}>
      <Section title={t('Loading')}>
        <Typography role="status">{t('Loading…')}</Typography>
      </Section>
      <Section title={t('Empty')}>
        <Typography>{t('Nothing here yet. Say what would put something here.')}</Typography>
      </Section>
      <Section title={t('Refused')}>
        <Alert severity="error">
          {t('The file "{{name}}" is larger than the upload limit of {{limit}}.', {
            name: 'spend.csv',
            limit: '256 KiB',
          })}
        </Alert>
      </Section>
    </Stack>
  );
}

const CONTENT = {
  summary: SummaryLayout,
  detail: DetailLayout,
  form: FormLayout,
  states: StatesLayout,
};

export function LayoutsPage() {
  const t = useT();
  const sub = useParams()['*'] ?? '';
  const current = LAYOUTS.find((l) => l.path === sub) ?? LAYOUTS[0];
  const Content = CONTENT[current.path];
  return (
    <Stack spacing={3}>
      <Tabs value={current.path} aria-label={t('Layouts')}>
        {LAYOUTS.map((l) => (
          <Tab
            key={l.path}
            value={l.path}
            label={t(l.label)}
            component={RouterLink}
            to={`/dev/layouts/${l.path}`}
          />
        ))}
      </Tabs>
      <Typography variant="note">{t(current.use)}</Typography>
      <Content />
    </Stack>
  );
}
