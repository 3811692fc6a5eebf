import { CHAT_LIMITS } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { useSearchChatDocuments } from '../api/search-chat-documents';
import { useT } from '../../../lib/i18n';

/** A test question: which passages retrieval finds for it, best first, with their scores. */
export function ChatRetrievalTester() {
  const t = useT();
  const [question, setQuestion] = useState('');
  const search = useSearchChatDocuments();
  const trimmed = question.trim();
  const tooLong = trimmed.length > CHAT_LIMITS.questionMaxLength;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (trimmed && !tooLong) search.mutate(trimmed);
  }

  return (
    <Box component="section" aria-labelledby="chat-test-title">
      <Typography variant="h6" component="h2" id="chat-test-title">
        {t('Test a question')}
      </Typography>
      <Box
        component="form"
        onSubmit={handleSubmit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
      >
        <TextField
          label={t('Test question')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          size="small"
          fullWidth
          error={tooLong}
          helperText={
            tooLong
              ? t('At most {{max}} characters.', { max: CHAT_LIMITS.questionMaxLength })
              : undefined
          }
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!trimmed || tooLong}
          loading={search.isPending}
        >
          {t('Search')}
        </Button>
      </Box>
      {search.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessageOf(search.error)}
        </Alert>
      )}
      {search.data && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('Searched for: {{query}} · {{count}} passages in {{ms}} ms', {
              query: search.data.query || t('(only common words)'),
              count: search.data.passages.length,
              ms: Math.round(search.data.processing_time * 1000),
            })}
          </Typography>
          {search.data.passages.length === 0 ? (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('No passage matches this question: the assistant would say it does not know.')}
            </Alert>
          ) : (
            <List aria-label={t('Retrieved passages')}>
              {search.data.passages.map((passage) => (
                <ListItem
                  key={`${passage.source}-${passage.chunk_index}`}
                  alignItems="flex-start"
                  divider
                >
                  <ListItemText
                    primary={t('{{rank}}. {{source}}, page {{page}} · score {{score}}', {
                      rank: passage.rank,
                      source: passage.source,
                      page: passage.page,
                      score: passage.score.toFixed(2),
                    })}
                    secondary={passage.content}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Box>
  );
}
