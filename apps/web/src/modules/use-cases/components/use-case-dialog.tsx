import {
  CARD_PRODUCT_DISPLAY_ORDER,
  SUPPLIER_RESULT_PROPERTIES,
  type CardProduct,
  type FilterItem,
  type UseCaseInput,
} from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { AsyncButton } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { OPERATORS, PROPERTY_LABELS, operatorWords, productName } from './format';
import { useT } from '../../../lib/i18n';

/** What the datapoint filter widgets add to a rule (composed in by the app: the jobs module's). */
export type FilterPicker = (add: (items: FilterItem[]) => void) => ReactNode;

type Line = {
  propertyName: string;
  comparisonOperator: FilterItem['comparisonOperator'];
  value: string;
};

const toLine = (item: FilterItem): Line => ({
  propertyName: item.propertyName,
  comparisonOperator: item.comparisonOperator,
  value: item.value === null ? '' : String(item.value),
});
/** An empty value is "no value" (null): Equal null is "is empty". */
const toItem = (line: Line): FilterItem => ({
  propertyName: line.propertyName,
  comparisonOperator: line.comparisonOperator,
  value: line.value.trim() === '' ? null : line.value.trim(),
  allowNullValue: false,
});

/**
 * Create or edit a use case: name, card product, recommended action, and its rule as lines
 * (the supplier list's property, operator and value), AND-ed; the datapoint filter widgets add
 * lines too. The server checks the rule and names a wrong line (body.rule.filters[i]).
 */
export function UseCaseDialog({
  title,
  initial,
  filterPicker,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: UseCaseInput;
  filterPicker?: FilterPicker;
  onSubmit: (input: UseCaseInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial.name);
  const [cardProduct, setCardProduct] = useState<CardProduct>(initial.cardProduct);
  const [recommendedAction, setAction] = useState(initial.recommendedAction ?? '');
  const [description, setDescription] = useState(initial.description ?? '');
  const [lines, setLines] = useState<Line[]>(
    initial.rule.filters.map((f) => toLine(f as FilterItem)),
  );
  const [error, setError] = useState<string | null>(null);
  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((current) => current.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="use-case-dialog-title">
      <DialogTitle id="use-case-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('Name')}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={name.trim() === ''}
            helperText={name.trim() === '' ? t('Name is required') : undefined}
          />
          <TextField
            select
            label={t('Card product')}
            value={cardProduct}
            onChange={(e) => setCardProduct(e.target.value as CardProduct)}
          >
            {CARD_PRODUCT_DISPLAY_ORDER.map((p) => (
              <MenuItem key={p} value={p}>
                {productName(p)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('Recommended action')}
            value={recommendedAction}
            onChange={(e) => setAction(e.target.value)}
          />
          <TextField
            label={t('Description')}
            multiline
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <Typography variant="subtitle2" component="h3">
            {t('Rule: suppliers meeting every line')}
          </Typography>
          {lines.length === 0 && (
            <Typography variant="note">{t('No lines: every supplier of the job.')}</Typography>
          )}
          {lines.map((line, i) => (
            <Stack
              key={i}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
              role="group"
              aria-label={t('Rule line {{line}}', { line: i + 1 })}
            >
              <TextField
                select
                size="small"
                label={t('Property')}
                value={line.propertyName}
                onChange={(e) => setLine(i, { propertyName: e.target.value })}
                sx={{ minWidth: 200 }}
              >
                {SUPPLIER_RESULT_PROPERTIES.map((p) => (
                  <MenuItem key={p} value={p}>
                    {PROPERTY_LABELS[p] ? t(PROPERTY_LABELS[p]) : p}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('Operator')}
                value={line.comparisonOperator}
                onChange={(e) =>
                  setLine(i, {
                    comparisonOperator: e.target.value as FilterItem['comparisonOperator'],
                  })
                }
                sx={{ minWidth: 130 }}
              >
                {OPERATORS.map((op) => (
                  <MenuItem key={op} value={op}>
                    {t(operatorWords(op))}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('Value')}
                value={line.value}
                onChange={(e) => setLine(i, { value: e.target.value })}
              />
              <IconButton
                aria-label={t('Remove rule line {{line}}', { line: i + 1 })}
                onClick={() => setLines((current) => current.filter((_, j) => j !== i))}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
          <div>
            <Button
              startIcon={<Add />}
              onClick={() =>
                setLines((current) => [
                  ...current,
                  { propertyName: 'cardAccepting', comparisonOperator: 'Equal', value: 'MATCHED' },
                ])
              }
            >
              {t('Add a line')}
            </Button>
          </div>
          {filterPicker?.((items) => setLines((current) => [...current, ...items.map(toLine)]))}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <AsyncButton
          variant="contained"
          disabled={name.trim() === ''}
          onClick={async () => {
            setError(null);
            try {
              await onSubmit({
                name,
                cardProduct,
                recommendedAction,
                description,
                rule: { filters: lines.map(toItem) },
                templateKey: initial.templateKey ?? null,
              });
              onClose();
            } catch (e) {
              setError(errorMessageOf(e));
            }
          }}
        >
          {t('Save')}
        </AsyncButton>
      </DialogActions>
    </Dialog>
  );
}
