import type { ThemeOptions } from '@mui/material/styles';
import type { Translate } from '../lib/i18n/i18n';

/**
 * The words MUI's own components say (an autocomplete's "No options", a table pagination's
 * "Rows per page:", an alert's close button), through i18next like every UI string
 * (docs/architecture.md, "Translations"). The keys are MUI's own English, so English reads as
 * before.
 */
/** A pagination button's name, for MUI's table pagination and the data grid's alike. */
export function pageButtonLabel(t: Translate, type: string): string {
  return type === 'first'
    ? t('Go to first page')
    : type === 'last'
      ? t('Go to last page')
      : type === 'next'
        ? t('Go to next page')
        : t('Go to previous page');
}

export function componentTexts(t: Translate): ThemeOptions['components'] {
  return {
    MuiAutocomplete: {
      defaultProps: {
        clearText: t('Clear'),
        closeText: t('Close'),
        loadingText: t('Loading…'),
        noOptionsText: t('No options'),
        openText: t('Open'),
      },
    },
    MuiAlert: { defaultProps: { closeText: t('Close') } },
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: t('Rows per page:'),
        labelDisplayedRows: ({ from, to, count }) =>
          count !== -1
            ? t('{{from}}–{{to}} of {{count}}', { from, to, count })
            : t('{{from}}–{{to}} of more than {{to}}', { from, to }),
        getItemAriaLabel: (type) => pageButtonLabel(t, type),
      },
    },
  };
}
