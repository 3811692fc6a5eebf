import { AI_PROMPT_PURPOSE_INFO } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useAiPrompts } from '../api/list-ai-prompts';

export const AI_PROMPTS_PATH = '/admin/analysis-admin/ai-prompts';

/**
 * /admin/analysis-admin/ai-prompts (SPEC §2): the prompts the product sends to a language
 * model, a section per purpose with every saved version and the active one marked.
 */
export function AiPromptsPage() {
  const t = useT();
  const prompts = useAiPrompts();
  const purposes = Object.entries(AI_PROMPT_PURPOSE_INFO);
  return (
    <Stack spacing={3}>
      <Box>
        <Button variant="contained" component={RouterLink} to={`${AI_PROMPTS_PATH}/create`}>
          {t('New prompt version')}
        </Button>
      </Box>
      {prompts.error && <Alert severity="error">{errorMessageOf(prompts.error)}</Alert>}
      {prompts.isPending && <LinearProgress aria-label={t('Loading the prompts')} />}
      {prompts.data &&
        purposes.map(([purpose, info]) => {
          const versions = prompts.data.filter((p) => p.purpose === purpose);
          return (
            <Section key={purpose} title={t(info.label)}>
              <Typography variant="note" component="p" sx={{ mb: 1 }}>
                {t(info.use)}
              </Typography>
              {versions.length === 0 ? (
                <Typography>{t('No version yet: the product uses its shipped text.')}</Typography>
              ) : (
                <Table
                  size="small"
                  aria-label={t('{{purpose}} versions', { purpose: t(info.label) })}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('Name')}</TableCell>
                      <TableCell>{t('Status')}</TableCell>
                      <TableCell>{t('Saved by')}</TableCell>
                      <TableCell>{t('Saved')}</TableCell>
                      <TableCell align="right">{t('Characters')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {versions.map((v) => (
                      <TableRow key={v.id}>
                        <TableCell>
                          <Link component={RouterLink} to={`${AI_PROMPTS_PATH}/${v.id}`}>
                            {v.name}
                          </Link>
                        </TableCell>
                        <TableCell>
                          {v.isActive ? (
                            <Chip size="small" color="success" label={t('Active')} />
                          ) : (
                            '—'
                          )}
                        </TableCell>
                        <TableCell>
                          {v.shipped ? t('Shipped with the product') : v.savedBy}
                        </TableCell>

                        <TableCell>{new Date(v.createdAt).toLocaleString()}</TableCell>
                        <TableCell align="right">{v.contentChars.toLocaleString()}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Section>
          );
        })}
    </Stack>
  );
}
