import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';
import { useId, useState, type Ref } from 'react';
import type { ErrorDetail } from './error-detail';
import { ErrorDetailPanel } from './error-detail-panel';
import { useT } from '../../../lib/i18n';

declare module 'notistack' {
  interface VariantOverrides {
    /** Error toasts carry a title (the operation, for detailed users) and the panel's detail. */
    error: { title?: string; detail?: ErrorDetail };
  }
}

export type NotificationToastProps = CustomContentProps & {
  title?: string;
  detail?: ErrorDetail;
  ref?: Ref<HTMLDivElement>;
};

const SEVERITY = {
  default: 'info',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
} as const satisfies Record<CustomContentProps['variant'], AlertColor>;

/**
 * notistack's content for every toast: a filled, themed Alert (text contrast from the theme)
 * with a close button; error toasts add a title and an expandable detail panel.
 */
export function NotificationToast({
  id,
  message,
  variant,
  title,
  detail,
  style,
  className,
  ref,
}: NotificationToastProps) {
  const t = useT();
  const { closeSnackbar } = useSnackbar();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        severity={SEVERITY[variant]}
        variant="filled"
        sx={{ width: '100%' }}
        action={
          <>
            {detail && (
              <IconButton
                color="inherit"
                size="small"
                aria-label={expanded ? t('Hide details') : t('Show details')}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setExpanded((open) => !open)}
                sx={{ transform: expanded ? 'rotate(180deg)' : undefined }}
              >
                <ExpandMoreIcon fontSize="small" />
              </IconButton>
            )}
            <IconButton
              color="inherit"
              size="small"
              aria-label={t('Close')}
              onClick={() => closeSnackbar(id)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {title && <AlertTitle>{title}</AlertTitle>}
        {message}
        {detail && (
          <Collapse in={expanded} unmountOnExit id={panelId}>
            <ErrorDetailPanel detail={detail} />
          </Collapse>
        )}
      </Alert>
    </SnackbarContent>
  );
}
