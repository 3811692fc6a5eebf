import type { ChatSource } from '@b2b/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';

export type ChatSourcesProps = { sources: ChatSource[] };

/** The documents and pages an answer comes from; each opens to show its passage. */
export function ChatSources({ sources }: ChatSourcesProps) {
  const t = useT();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (sources.length === 0) return null;
  return (
    <Box component="section" aria-label={t('Sources')} sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ m: 0 }}>
        {t('Sources')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {sources.map((source, index) => (
          <Typography
            component="li"
            variant="caption"
            key={`${source.source}-${source.page}-${index}`}
          >
            <Link
              component="button"
              type="button"
              variant="caption"
              aria-expanded={openIndex === index}
              onClick={() => setOpenIndex(openIndex === index ? null : index)}
              sx={{ textAlign: 'left', wordBreak: 'break-word' }}
            >
              {t('{{source}}, page {{page}}', { source: source.source, page: source.page })}
            </Link>
            {openIndex === index && (
              <Typography
                variant="caption"
                component="blockquote"
                color="text.secondary"
                sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-line' }}
              >
                {source.content}
              </Typography>
            )}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
