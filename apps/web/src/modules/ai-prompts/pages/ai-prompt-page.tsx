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
import { useActivateAiPrompt } from '../api/activate-ai-prompt';
import { useAiPrompt } from '../api/get-ai-prompt';
import { useTestAiPrompt } from '../api/test-ai-prompt';
import { AI_PROMPTS_PATH } from './ai-prompts-page';

function TestBox({ promptId }: { promptId: string }) {
  const [input, setInput] = useState('');
  const run = useTestAiPrompt();
  return (
    <Section title="Try it">
      <Stack spacing={2}>
        <TextField
          label="Sample input"
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
            Run
          </Button>
        </div>
        {run.isPending && <LinearProgress aria-label="Running the prompt" />}
        {run.error && <Alert severity="error">{errorMessageOf(run.error)}</Alert>}
        {run.data && (
          <Box role="status">
            <Alert severity={run.data.mode === 'model' ? 'success' : 'info'} sx={{ mb: 1 }}>
              {run.data.mode === 'model'
                ? `Answer of ${run.data.model} in ${run.data.millis} ms`
                : 'Offline check: no model answered'}
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
  const { promptId = '' } = useParams();
  const prompt = useAiPrompt(promptId);
  const activate = useActivateAiPrompt();
  const notify = useNotify();
  if (prompt.isPending) return <LinearProgress aria-label="Loading the prompt" />;
  if (prompt.error) return <Alert severity="error">{errorMessageOf(prompt.error)}</Alert>;
  const p = prompt.data;
  return (
    <Stack spacing={3}>
      <Section title={p.name}>
        <Stack spacing={2}>
          <FactList
            facts={[
              ['Purpose', AI_PROMPT_PURPOSE_INFO[p.purpose].label],
              ['Status', p.isActive ? 'Active: in use from the next request' : 'Not active'],
              ['Saved by', p.shipped ? 'Shipped with the product' : p.savedBy],
              ['Saved', new Date(p.createdAt).toLocaleString()],
            ]}
          />
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={p.isActive || activate.isPending}
              onClick={() =>
                activate.mutate(p.id, {
                  onSuccess: () => notify.success('This version is now active'),
                  onError: (e) => notify.error(e, { operation: 'Activate' }),
                })
              }
            >
              Activate
            </Button>
            <Button
              variant="outlined"
              component={RouterLink}
              to={`${AI_PROMPTS_PATH}/create?from=${p.id}`}
            >
              Edit as a new version
            </Button>
          </Stack>
        </Stack>
      </Section>
      <Section title="Prompt">
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
