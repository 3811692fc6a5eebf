/** Query keys of the ML prediction screen and of a job's prediction command. */
export const mlPredictionQueryKeys = {
  overview: ['ml-prediction'] as const,
  jobPrediction: (jobId: string) => ['ml-prediction', 'job', jobId] as const,
};
