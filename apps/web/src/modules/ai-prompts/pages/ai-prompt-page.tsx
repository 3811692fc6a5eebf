import { AI_PROMPT_PURPOSE_INFO } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useActivateAiPrompt } from '../api/activate-ai-prompt';
import { useAiPrompt } from '../api/get-ai-prompt';
import { useTestAiPrompt } from '../api/test-ai-prompt';
import { AI_PROMPTS_PATH } from './ai-prompts-page';

function TestBox({ promptId }: { promptId: string }) {
  const t = useT();
  const [input, setInput] = useState('');
  const run = useTestAiPrompt();
  return (
    <Section title={t('Try it')}>
      <Stack spacing={2}>
        <TextField
          label={t('Sample input')}
          multiline
          minRows={3}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <div>
          <Button
            variant="outlined"
            disabled={input.trim() === '' || run.isPending}
            onClick={() => run.mutate({ promptId, input })}
          >
            {t('Run')}
          </Button>
        </div>
        {run.isPending && <LinearProgress aria-label={t('Running the prompt')} />}
        {run.error && <Alert severity="error">{errorMessageOf(run.error)}</Alert>}
        {run.data && (
          <Box role="status">
            <Alert severity={run.data.mode === 'model' ? 'success' : 'info'} sx={{ mb: 1 }}>
              {run.data.mode === 'model'
                ? t('Answer of {{model}} in {{ms}} ms', {
                    model: run.data.model,
                    ms: run.data.millis,
                  })
                : t('Offline check: no model answered')}
            </Alert>
            <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
              {run.data.output}
            </Typography>
          </Box>
        )}
      </Stack>
    </Section>
  );
}

/** /admin/analysis-admin/ai-prompts/{promptId}: one version, activate it, or try it. */
export function AiPromptPage() {
  const t = useT();
  const { promptId = '' } = useParams();
  const prompt = useAiPrompt(promptId);
  const activate = useActivateAiPrompt();
  const notify = useNotify();
  if (prompt.isPending) return <LinearProgress aria-label={t('Loading the prompt')} />;
  if (prompt.error) return <Alert severity="error">{errorMessageOf(prompt.error)}</Alert>;
  const p = prompt.data;
  return (
    <Stack spacing={3}>
      <Section title={p.name}>
        <Stack spacing={2}>
          <FactList
            facts={[
              [t('Purpose'), t(AI_PROMPT_PURPOSE_INFO[p.purpose].label)],
              [
                t('Status'),
                p.isActive ? t('Active: in use from the next request') : t('Not active'),
              ],
              [t('Saved by'), p.shipped ? t('Shipped with the product') : p.savedBy],
              [t('Saved'), new Date(p.createdAt).toLocaleString()],
            ]}
          />
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={p.isActive || activate.isPending}
              onClick={() =>
                activate.mutate(p.id, {
                  onSuccess: () => notify.success(t('This version is now active')),
                  onError: (e) => notify.error(e, { operation: t('Activate') }),
                })
              }
            >
              {t('Activate')}
            </Button>
            <Button
              variant="outlined"
              component={RouterLink}
              to={`${AI_PROMPTS_PATH}/create?from=${p.id}`}
            >
              {t('Edit as a new version')}
            </Button>
          </Stack>
        </Stack>
      </Section>
      <Section title={t('Prompt')}>
        <Typography
          component="pre"
          sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13 }}
        >
          {p.content}
        </Typography>
      </Section>
      <TestBox promptId={p.id} />
    </Stack>
  );
}
