/** Query keys of the ML prediction screen. */
export const mlPredictionQueryKeys = {
  overview: ['ml-prediction'] as const,
};
