/** A syntactically valid id for routes whose records do not exist yet. */
export const DUMMY_ID = '00000000-0000-4000-8000-000000000001';

/** Values for path parameters whose route only makes sense with a known value. */
const KNOWN_VALUES: Record<string, string> = {
  type: 'base',
  analysisReportType: 'insights',
  versionNumber: '1',
};

/** A visitable URL path for a route pattern of WEB_ROUTES: ids filled in, splats given a value. */
export function concretePath(pattern: string): string {
  return pattern
    .replace(/:([A-Za-z]+)/g, (_, name: string) => KNOWN_VALUES[name] ?? DUMMY_ID)
    .replace(/\/\*$/, `/${DUMMY_ID}`);
}
