import { InsightSliceQuerySchema, type InsightSliceQuery } from '@b2b/contract';

export const OVERALL: InsightSliceQuery = { slicer: 'Overall', slicerValue: 'All', product: 'All' };

/**
 * The chosen slice as the printable route's params (`{slicer}/{value}/{product}`), so the PDF
 * prints what the reader chose; the whole job (Overall) needs none.
 */
export function sliceToParams(slice: InsightSliceQuery): string {
  if (slice.slicer === 'Overall' && slice.product === 'All') return '';
  return [slice.slicer, slice.slicerValue, slice.product]
    .map((part) => encodeURIComponent(part).replace(/%20/g, '_').replace(/%/g, '.'))
    .join('/');
}

/** The slice of a printable route's params; anything unreadable is the whole job. */
export function sliceFromParams(params: string | undefined): InsightSliceQuery {
  const parts = (params ?? '').split('/').filter(Boolean);
  if (parts.length !== 3) return OVERALL;
  const [slicer, slicerValue, product] = parts.map((part) =>
    decodeURIComponent(part.replace(/\./g, '%').replace(/_/g, ' ')),
  );
  const parsed = InsightSliceQuerySchema.safeParse({ slicer, slicerValue, product });
  return parsed.success ? parsed.data : OVERALL;
}
