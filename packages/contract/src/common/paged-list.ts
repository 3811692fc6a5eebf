import { z } from 'zod';

/** The nine comparison operators of SPEC.md section 3. */
export const COMPARISON_OPERATORS = [
  'Equal',
  'NotEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'LessThan',
  'LessThanOrEqual',
  'Contains',
  'StartsWith',
  'EndsWith',
] as const;
export const ComparisonOperatorSchema = z.enum(COMPARISON_OPERATORS);
export type ComparisonOperator = z.infer<typeof ComparisonOperatorSchema>;

const filterValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/** Plain form: `filters: [{ propertyName, comparisonOperator, value, allowNullValue }]`. */
export const FilterItemSchema = z.strictObject({
  propertyName: z.string().min(1).max(100),
  comparisonOperator: ComparisonOperatorSchema,
  value: filterValue,
  allowNullValue: z.boolean().default(false),
});
export type FilterItem = z.infer<typeof FilterItemSchema>;

/** ProQ and user calls: `filters: { filterItems: [{ propertyName, itemComparisonOperator, itemValue, allowNullValue }] }`. */
export const WrappedFilterItemSchema = z.strictObject({
  propertyName: z.string().min(1).max(100),
  itemComparisonOperator: ComparisonOperatorSchema,
  itemValue: filterValue,
  allowNullValue: z.boolean().default(false),
});

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 25;

const pagingFields = {
  orderBy: z.string().max(100).optional(),
  secondaryOrderBy: z.string().max(100).optional(),
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Paged list request with the plain `filters` list. `orderBy` is `property` or `property desc`. */
export const PagedListRequestSchema = z.strictObject({
  ...pagingFields,
  filters: z.array(FilterItemSchema).max(50).default([]),
});
export type PagedListRequest = z.infer<typeof PagedListRequestSchema>;

/** Paged list request with `filters.filterItems` (ProQ and user calls). */
export const WrappedPagedListRequestSchema = z.strictObject({
  ...pagingFields,
  filters: z
    .strictObject({ filterItems: z.array(WrappedFilterItemSchema).max(50).default([]) })
    .default({ filterItems: [] }),
});
export type WrappedPagedListRequest = z.infer<typeof WrappedPagedListRequestSchema>;

/** Normalises the wrapped form to the plain one, so the server has one implementation. */
export function unwrapPagedListRequest(request: WrappedPagedListRequest): PagedListRequest {
  return {
    orderBy: request.orderBy,
    secondaryOrderBy: request.secondaryOrderBy,
    pageNumber: request.pageNumber,
    pageSize: request.pageSize,
    filters: request.filters.filterItems.map((f) => ({
      propertyName: f.propertyName,
      comparisonOperator: f.itemComparisonOperator,
      value: f.itemValue,
      allowNullValue: f.allowNullValue,
    })),
  };
}

export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    collection: z.array(item),
    currentPage: z.number().int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type PagedResponse<T> = {
  collection: T[];
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  pageSize: number;
  totalCount: number;
  totalPages: number;
};
