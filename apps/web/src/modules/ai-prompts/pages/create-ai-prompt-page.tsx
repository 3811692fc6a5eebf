import {
  AI_PROMPT_MAX_CHARS,
  AI_PROMPT_PURPOSE_INFO,
  AI_PROMPT_PURPOSES_LIST,
  type AiPromptPurpose,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { Section } from '../../../components/layout/section';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useCreateAiPrompt } from '../api/create-ai-prompt';
import { useAiPrompt } from '../api/get-ai-prompt';
import { AI_PROMPTS_PATH } from './ai-prompts-page';

type Draft = { purpose: AiPromptPurpose; name: string; content: string };

function PromptForm({ start }: { start: Draft }) {
  const t = useT();
  const [draft, setDraft] = useState(start);
  const [activate, setActivate] = useState(false);
  const save = useCreateAiPrompt();
  const navigate = useNavigate();
  const notify = useNotify();
  const errors = fieldErrorsOf(save.error);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });

  return (
    <Section title={t('Prompt version')}>
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        <TextField select label={t('Purpose')} value={draft.purpose} onChange={set('purpose')}>
          {AI_PROMPT_PURPOSES_LIST.map((p) => (
            <MenuItem key={p} value={p}>
              {t(AI_PROMPT_PURPOSE_INFO[p].label)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('Name')}
          required
          value={draft.name}
          onChange={set('name')}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label={t('Prompt')}
          required
          multiline
          minRows={10}
          value={draft.content}
          onChange={set('content')}
          error={Boolean(errors.content)}
          helperText={
            errors.content ??
            t('{{used}} of {{max}} characters', {
              used: draft.content.length.toLocaleString(),
              max: AI_PROMPT_MAX_CHARS.toLocaleString(),
            })
          }
        />
        <FormControlLabel
          control={<Checkbox checked={activate} onChange={(e) => setActivate(e.target.checked)} />}
          label={t('Make it the active prompt now')}
        />
        <div>
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { ...draft, activate },
                {
                  onSuccess: (saved) => {
                    notify.success(
                      activate ? t('Saved and activated') : t('Saved as a new version'),
                    );
                    void navigate(`${AI_PROMPTS_PATH}/${saved.id}`);
                  },
                },
              )
            }
          >
            {t('Save version')}
          </Button>
        </div>
        {save.error && Object.keys(errors).length === 0 && (
          <Alert severity="error">{errorMessageOf(save.error)}</Alert>
        )}
      </Stack>
    </Section>
  );
}

/**
 * /admin/analysis-admin/ai-prompts/create: a new version of a prompt; `?from=<id>` starts from
 * a saved version (versions are never edited, a change is saved as a new one).
 */
export function CreateAiPromptPage() {
  const t = useT();
  const [search] = useSearchParams();
  const from = search.get('from') ?? undefined;
  const source = useAiPrompt(from);
  if (from && source.isPending) return null;
  if (source.error) return <Alert severity="error">{errorMessageOf(source.error)}</Alert>;
  const start: Draft = source.data
    ? {
        purpose: source.data.purpose,
        name: t('{{name}} (edited)', { name: source.data.name }),

        content: source.data.content,
      }
    : { purpose: AI_PROMPT_PURPOSES_LIST[0], name: '', content: '' };
  return <PromptForm start={start} />;
}
