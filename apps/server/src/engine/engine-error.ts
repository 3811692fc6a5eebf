/** Why the engine refused an input; the jobs module maps it to a 400 for the wizard. */
export type EngineErrorCode =
  | 'FILE_EMPTY'
  | 'FILE_TOO_LARGE'
  | 'FILE_TYPE_MISMATCH'
  | 'FILE_UNSUPPORTED'
  | 'XLSX_TOO_LARGE'
  | 'XLSX_TOO_MANY_SHEETS'
  | 'XLSX_INVALID'
  | 'SHEET_NOT_FOUND'
  | 'NO_HEADER'
  | 'MAPPING_INVALID'
  | 'RULESET_INVALID'
  | 'REFERENCE_INVALID';

/** An input problem with a message meant for the person who uploaded or configured it. */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
