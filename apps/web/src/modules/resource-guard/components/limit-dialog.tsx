import {
  type LimitAction,
  RESOURCE_LIMITS,
  formatLimitValue,
  limitValueProblem,
  type ResourceLimit,
} from '@b2b/contract';
import { z } from 'zod';
import { FormDialog, type FormDialogField } from '../../../components/forms';
import { useNotify } from '../../../components/feedback/notifications';
import { useUpdateResourceLimit } from '../api/update-resource-limit';
import { tKey, useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

/** Byte limits are typed in KiB: bytes are too small a unit to type, MiB too coarse. */
const KIB = 1024;

function unitLabel(limit: ResourceLimit) {
  const { unit } = RESOURCE_LIMITS[limit.key];
  return unit === 'bytes' ? 'KiB' : unit;
}

function toValue(limit: ResourceLimit, text: string): number {
  const n = Number(text.trim());
  return RESOURCE_LIMITS[limit.key].unit === 'bytes' ? n * KIB : n;
}

function schemaFor(limit: ResourceLimit, t: Translate) {
  return z
    .object({ value: z.string(), noLimit: z.boolean(), whenExceeded: z.enum(['refuse', 'queue']) })
    .superRefine(({ value, noLimit }, ctx) => {
      if (noLimit) return;
      const problem =
        value.trim() === ''
          ? t('Enter {{name}} in {{unit}}.', {
              name: limit.name.toLowerCase(),
              unit: unitLabel(limit),
            })
          : limitValueProblem(limit.key, toValue(limit, value));
      if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    });
}

type Values = { value: string; noLimit: boolean; whenExceeded: LimitAction };

/** The choice for a queueable limit, in the words the screen uses (SPEC §2 resource guard). */
const WHEN_EXCEEDED_LABELS: Record<LimitAction, string> = {
  refuse: tKey('Refuse the job'),
  queue: tKey('Queue the job until a slot is free'),
};

/** The same choice after "Over it:" in the limits table, as whole sentences to translate. */
export const OVER_LIMIT_LABELS: Record<LimitAction, string> = {
  refuse: tKey('Over it: refuse the job'),
  queue: tKey('Over it: queue the job until a slot is free'),
};

/** Sets one limit; the server refuses a value below today's usage, shown in the dialog. */
export function LimitDialog({ limit, onClose }: { limit: ResourceLimit; onClose: () => void }) {
  const t = useT();
  const update = useUpdateResourceLimit();
  const notify = useNotify();
  const definition = RESOURCE_LIMITS[limit.key];
  const bytes = definition.unit === 'bytes';
  const current = limit.value === null ? '' : String(bytes ? limit.value / KIB : limit.value);
  const fields: FormDialogField<Values>[] = [
    {
      name: 'value',
      label: `${limit.name} (${unitLabel(limit)})`,
      type: 'TextField',
      inputType: 'number',
      helperText: t('From {{min}} to {{max}}; default {{default}}', {
        min: formatLimitValue(limit.key, definition.min),
        max: formatLimitValue(limit.key, definition.max),
        default: formatLimitValue(limit.key, limit.defaultValue),
      }),
    },
  ];
  if (definition.unlimited)
    fields.push({ name: 'noLimit', label: t('No limit'), type: 'Checkbox' });
  if (definition.queueable)
    fields.push({
      name: 'whenExceeded',
      label: t('A job over the limit'),
      type: 'RadioGroup',
      options: (['refuse', 'queue'] as const).map((value) => ({
        value,
        label: t(WHEN_EXCEEDED_LABELS[value]),
      })),
    });
  return (
    <FormDialog
      open
      title={t('Set {{name}}', { name: limit.name.toLowerCase() })}
      fields={fields}
      schema={schemaFor(limit, t)}
      defaultValues={{
        value: current,
        noLimit: limit.value === null,
        whenExceeded: limit.whenExceeded ?? 'refuse',
      }}
      submitLabel={t('Save')}
      cancelLabel={t('Cancel')}
      onSubmit={async ({ value, noLimit, whenExceeded }: Values) => {
        const saved = await update.mutateAsync({
          key: limit.key,
          value: noLimit ? null : toValue(limit, value),
          ...(definition.queueable ? { whenExceeded } : {}),
        });
        notify.success(`${limit.name}: ${formatLimitValue(limit.key, saved.value)}`);
      }}
      onClose={onClose}
    />
  );
}
