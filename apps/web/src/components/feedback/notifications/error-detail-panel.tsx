import { MESSAGES } from '@b2b/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copyText } from './copy-text';
import { errorDetailText, type ErrorDetail } from './error-detail';
import { useT } from '../../../lib/i18n';

export type ErrorDetailPanelProps = { detail: ErrorDetail };

/** Messages, user id, url, date and device of a failure, with Copy to Clipboard. */
export function ErrorDetailPanel({ detail }: ErrorDetailPanelProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const rows: [string, string][] = [
    [t('User id'), detail.userId ?? t('not signed in')],
    [t('URL'), detail.url],
    [t('Date'), detail.date],
    [t('Device'), detail.device],
  ];
  return (
    <Box sx={{ mt: 1, maxWidth: 480, wordBreak: 'break-word' }}>
      {detail.operation && (
        <Typography variant="body2">
          <strong>{t('Operation:')}</strong> {detail.operation}
        </Typography>
      )}
      <Typography variant="body2" component="div">
        <strong>{t('Messages:')}</strong>
        <ul aria-label={t('Messages')} style={{ margin: 0, paddingLeft: 20 }}>
          {detail.messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      </Typography>
      <dl style={{ margin: 0 }}>
        {rows.map(([term, value]) => (
          <Typography key={term} variant="body2" component="div">
            <Box component="dt" sx={{ display: 'inline', fontWeight: 700 }}>
              {term}:
            </Box>{' '}
            <Box component="dd" sx={{ display: 'inline', m: 0 }}>
              {value}
            </Box>
          </Typography>
        ))}
      </dl>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        sx={{ mt: 1 }}
        onClick={() => {
          copyText(errorDetailText(detail)).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? t(MESSAGES.copied) : t(MESSAGES.copyToClipboard)}
      </Button>
    </Box>
  );
}
