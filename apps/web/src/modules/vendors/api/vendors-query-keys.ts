/** Query keys of the vendor screens. */
export const vendorsQueryKeys = {
  search: ['vendors', 'search'] as const,
  vendor: (vendorId: string) => ['vendors', 'vendor', vendorId] as const,
  matchedSuppliers: (vendorId: string) => ['vendors', 'vendor', vendorId, 'suppliers'] as const,
};
