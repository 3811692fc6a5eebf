import {
  INGESTION_FIELDS,
  REQUIRED_ONE_OF,
  ingestionFieldsFor,
  type ColumnMapping,
  type IngestionField,
  type JobFile,
  type JobType,
} from '@b2b/contract';
import type { useT } from '../../../../lib/i18n';

/** The fields a file of the job can map, required ones first. */
export function fieldsOf(jobType: JobType, file: JobFile) {
  return ingestionFieldsFor(jobType, file.documentType ?? undefined);
}

/**
 * What still has to be mapped before the file can be read: every required field, and one of
 * each "one of" group (a Consultant Upload row needs a supplier id or a supplier name), in the
 * user's language.
 */
export function missingMappings(
  jobType: JobType,
  file: JobFile,
  mapping: ColumnMapping,
  t: ReturnType<typeof useT>,
): string[] {
  const missing: string[] = fieldsOf(jobType, file)
    .filter((spec) => spec.required && mapping[spec.field] === undefined)
    .map((spec) => t(INGESTION_FIELDS[spec.field].label));
  for (const group of REQUIRED_ONE_OF[jobType]) {
    if (!group.some((field: IngestionField) => mapping[field] !== undefined)) {
      const [first, ...rest] = group.map((field) => t(INGESTION_FIELDS[field].label));
      missing.push(
        rest.reduce(
          (fields, field) => t('{{fields}} or {{field}}', { fields, field }),
          first ?? '',
        ),
      );
    }
  }
  return missing;
}

/** Same mapping (field → column), whatever the key order. */
export function sameMapping(a: ColumnMapping, b: ColumnMapping): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<IngestionField>;
  return [...keys].every((key) => a[key] === b[key]);
}
