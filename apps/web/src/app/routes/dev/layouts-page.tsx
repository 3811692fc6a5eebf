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

/**
 * /dev/layouts/* (SPEC §2 Dev): the page layouts the product's screens are built from, drawn
 * with the same shared components, so a new screen starts from one of these rather than from
 * a copy of another page. Each layout has its own address (/dev/layouts/detail …).
 */
const LAYOUTS = [
  {
    path: 'summary',
    label: 'Summary',
    use: 'A job summary or a dashboard: a row of tiles over titled sections.',
  },
  {
    path: 'detail',
    label: 'Detail',
    use: 'One record (an issuer, an SFTP inbox, a supplier): its facts, then a section per concern.',
  },
  {
    path: 'form',
    label: 'Form',
    use: 'Create or edit: fields in one section, the action last, the server’s message under its field.',
  },
  {
    path: 'states',
    label: 'States',
    use: 'What a section shows while loading, when empty, and when the server refused.',
  },
] as const;

function SummaryLayout() {
  return (
    <Stack spacing={3}>
      <TileRow
        tiles={[
          { label: 'Suppliers', value: '12,480' },
          { label: 'Spend', value: '£84,210,377.12', note: 'over 12 months' },
          { label: 'Matched', value: '71.4 %' },
          { label: 'Accept cards', value: '5,903' },
        ]}
      />
      <Section title="Where the spend is">
        <Typography>A chart or a table of one question goes in each section.</Typography>
      </Section>
      <Section title="What to do next">
        <Typography>Sections stack with the page's spacing; each has one heading.</Typography>
      </Section>
    </Stack>
  );
}

function DetailLayout() {
  return (
    <Stack spacing={3}>
      <Section title="Facts">
        <FactList
          label="Example record"
          facts={[
            ['Name', 'Northgate Bakery Ltd'],
            ['Country', 'GBR'],
            ['Identifier', '7c1f0b0e-2d9a-4c55-9f3e-0a7a5f0e9b11'],
            ['Contact', ''],
          ]}
        />
      </Section>
      <Section title="Connection">
        <Stack direction="row" spacing={2}>
          <Button variant="outlined">Test connection</Button>
          <Button variant="contained">Poll now</Button>
        </Stack>
      </Section>
    </Stack>
  );
}

function FormLayout() {
  return (
    <Section title="New record">
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField label="Name" required defaultValue="Northgate Bakery" />
        <TextField
          label="Postcode"
          defaultValue="ZZ1"
          error
          helperText="postcode: ZZ1 is not a UK postcode (the server's message, at its field)"
        />
        <div>
          <Button variant="contained">Save</Button>
        </div>
      </Stack>
    </Section>
  );
}

function StatesLayout() {
  return (
    <Stack spacing={3}>
      <Section title="Loading">
        <Typography role="status">Loading…</Typography>
      </Section>
      <Section title="Empty">
        <Typography>Nothing here yet. Say what would put something here.</Typography>
      </Section>
      <Section title="Refused">
        <Alert severity="error">
          The file "spend.csv" is larger than the upload limit of 256 KiB.
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
  const sub = useParams()['*'] ?? '';
  const current = LAYOUTS.find((l) => l.path === sub) ?? LAYOUTS[0];
  const Content = CONTENT[current.path];
  return (
    <Stack spacing={3}>
      <Tabs value={current.path} aria-label="Layouts">
        {LAYOUTS.map((l) => (
          <Tab
            key={l.path}
            value={l.path}
            label={l.label}
            component={RouterLink}
            to={`/dev/layouts/${l.path}`}
          />
        ))}
      </Tabs>
      <Typography variant="note">{current.use}</Typography>
      <Content />
    </Stack>
  );
}
