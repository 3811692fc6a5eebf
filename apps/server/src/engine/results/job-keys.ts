import path from 'node:path';

/**
 * Where a job's files live in file storage: uploads, the Parquet files each pipeline step
 * writes, and the rejected rows of each validated file.
 */
export const jobKeys = {
  upload: (jobId: string, fileId: string, name: string) =>
    `jobs/${jobId}/uploads/${fileId}${path.extname(name).toLowerCase()}`,
  rows: (jobId: string, role: string) => `jobs/${jobId}/parquet/rows-${role}.parquet`,
  suppliers: (jobId: string) => `jobs/${jobId}/parquet/suppliers.parquet`,
  matches: (jobId: string) => `jobs/${jobId}/parquet/matches.parquet`,
  scores: (jobId: string) => `jobs/${jobId}/parquet/scores.parquet`,
  rejects: (jobId: string, fileId: string) => `jobs/${jobId}/rejects/${fileId}.csv`,
  prefix: (jobId: string) => `jobs/${jobId}/`,
};
