import type { InsightSliceQuery } from '@b2b/contract';
import { SliceFields } from '../../../components/charts/slice-fields';
import { useInsightSlicers } from '../api/get-job-insight-slicers';

export type SliceSelectorProps = {
  jobId: string;
  slice: InsightSliceQuery;
  onChange: (slice: InsightSliceQuery) => void;
};

/** The slicer selector of a job: the shared fields with the values that hold its suppliers. */
export function SliceSelector({ jobId, slice, onChange }: SliceSelectorProps) {
  const slicers = useInsightSlicers(jobId);
  return <SliceFields slicers={slicers.data} slice={slice} onChange={onChange} />;
}
