import { fileURLToPath } from 'node:url';
import { ensureInstalled, sqlString, type EngineDb } from './duckdb.js';

/** ISO 3166 countries with common names ("UK", "Deutschland"): `data/countries.csv`. */
export const COUNTRIES_CSV = fileURLToPath(new URL('./data/countries.csv', import.meta.url));

/**
 * Creates `b2b_countries(key, iso3, iso2)`: one row per way of writing a country (ISO2, ISO3, name,
 * aliases), keyed like `b2b_country_key()` (upper case, letters and single spaces).
 */
export async function installCountries(db: EngineDb): Promise<void> {
  await ensureInstalled(
    db,
    'countries',
    `CREATE OR REPLACE TEMP TABLE b2b_countries AS
     WITH src AS (
       SELECT * FROM read_csv(${sqlString(COUNTRIES_CSV)}, header = true, auto_detect = false,
         columns = {'iso2': 'VARCHAR', 'iso3': 'VARCHAR', 'name': 'VARCHAR', 'aliases': 'VARCHAR'})
     ), keys AS (
       SELECT iso2 AS k, iso3, iso2 FROM src
       UNION ALL SELECT iso3, iso3, iso2 FROM src
       UNION ALL SELECT name, iso3, iso2 FROM src
       UNION ALL SELECT unnest(string_split(aliases, '|')), iso3, iso2 FROM src WHERE aliases IS NOT NULL
     )
     SELECT DISTINCT trim(regexp_replace(upper(strip_accents(k)), '[^A-Z]+', ' ', 'g')) AS key, iso3, iso2
     FROM keys WHERE k IS NOT NULL AND k <> ''`,
  );
}
