import {
  INGESTION_FIELDS,
  REQUIRED_ONE_OF,
  ingestionFieldsFor,
  type ColumnMapping,
  type IngestionField,
  type JobFile,
  type JobType,
} from '@b2b/contract';

/** The fields a file of the job can map, required ones first. */
export function fieldsOf(jobType: JobType, file: JobFile) {
  return ingestionFieldsFor(jobType, file.documentType ?? undefined);
}

/**
 * What still has to be mapped before the file can be read: every required field, and one of
 * each "one of" group (a Consultant Upload row needs a supplier id or a supplier name).
 */
export function missingMappings(jobType: JobType, file: JobFile, mapping: ColumnMapping): string[] {
  const missing: string[] = fieldsOf(jobType, file)
    .filter((spec) => spec.required && mapping[spec.field] === undefined)
    .map((spec) => INGESTION_FIELDS[spec.field].label);
  for (const group of REQUIRED_ONE_OF[jobType]) {
    if (!group.some((field: IngestionField) => mapping[field] !== undefined)) {
      missing.push(group.map((field) => INGESTION_FIELDS[field].label).join(' or '));
    }
  }
  return missing;
}

/** Same mapping (field → column), whatever the key order. */
export function sameMapping(a: ColumnMapping, b: ColumnMapping): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<IngestionField>;
  return [...keys].every((key) => a[key] === b[key]);
}
