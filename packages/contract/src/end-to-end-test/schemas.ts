import { z } from 'zod';

export const RunEndToEndTestSchema = z.strictObject({
  issuerId: z.uuid({ error: 'issuerId must be the id of an issuer' }),
});

/** One setup step of the end-to-end test, as it went. */
export const EndToEndStepSchema = z.object({
  step: z.string(),
  ok: z.boolean(),
  millis: z.number().int().nonnegative(),
  message: z.string(),
});

/**
 * The end-to-end test as started (EndToEndTest_RUN): its setup steps, then the job whose
 * pipeline runs on ProQ like any other (followed through the job's workflow).
 */
export const EndToEndTestRunSchema = z.object({
  ok: z.boolean(),
  jobId: z.uuid().nullable(),
  jobName: z.string(),
  steps: z.array(EndToEndStepSchema),
});
export type EndToEndTestRun = z.infer<typeof EndToEndTestRunSchema>;
