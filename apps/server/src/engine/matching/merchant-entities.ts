import type { EngineDb } from '../duckdb.js';
import { mccGroupSql } from '../reference-data/mcc.js';
import { DESCRIPTOR_LENGTH } from './normalise-words.js';
import { registeredNameSql } from './registered-names.js';

/**
 * SQL: whether a name may be a card descriptor cut short — a descriptor's length as written and
 * no complete legal form at its end (a cut name loses it). Over the match index's columns unless
 * others are named (a supplier's `name_length`).
 */
export function mayBeCutSql(length = 'descriptor_len', complete = 'name_complete'): string {
  return `(${length} BETWEEN ${DESCRIPTOR_LENGTH.min} AND ${DESCRIPTOR_LENGTH.max}
    AND NOT coalesce(${complete}, false))`;
}
/** A cut name shorter than this (without spaces) is too little to attach to a longer one. */
export const MIN_CUT_COMPACT = 10;
/** A store brand shorter than this (without spaces) is too little to join a chain's stores. */
const MIN_BRAND_COMPACT = 4;

/**
 * Clusters a reference version's records into merchant entities: one business that card data
 * lists several times (once per card feed, in other letter case, with or without legal suffix,
 * or as a descriptor cut at 22–25 characters). Reads `source` (a table with merchant_id, country,
 * name_norm, name_compact, tax_norm, city_norm, mcc, descriptor_len, name_complete, legal_form,
 * brand_norm — a chain store's brand before its store number, postcode_norm) and creates the temp
 * table `target` (merchant_id, entity_id).
 *
 * 1. Records with the same country and normalised name, compared without its spaces, are one
 *    entity when their tax ids agree or, without tax ids, their cities agree where present: two
 *    shops of the same name in other towns may be unrelated businesses (a common name), so only a
 *    shared tax id joins them. A record without a tax id takes the one tax id its name carries at
 *    its postcode, else in its town: where two same-named businesses of a town each have a tax
 *    id, the records without one join the business at their own postcode, not a third entity of
 *    both businesses' untaxed records. A record with neither tax id nor city joins the name's
 *    entity when there is just one. Without spaces, a payment processor's run-together descriptor ("SUMUP
 *    *STERLINGBAKERS") is the same name as the business's own record ("Sterling Bakers").
 *    A registered name is the exception to towns: where the register keeps names unique
 *    (REGISTERED_NAME_FORMS), the records of "Ingram & Hammond Limited" in Bedford, Truro and
 *    Stoke are one company, with the records of that name without the form in those towns
 *    ("INGRAM & HAMMOND", Bedford), unless the name's records carry two tax ids or its
 *    registered records two lines of trade (MCC groups).
 * 2. An entity with a record of a descriptor's length whose name without spaces starts a longer
 *    name of the same country joins that name's entity, when exactly one entity carries the
 *    longest such name, the longer names are one chain of prefixes ("KESTREL VALLEY GARDEN C",
 *    "KESTREL VALLEY GARDEN CENTRE", "Kestrel Valley Garden Centre Ltd") and tax id, city,
 *    postcode and MCC group do not disagree: "COMMUNITY FOUNDATION FOR" at one postcode is the
 *    "Community Foundation for Suffolk" there, not the town's other foundation.
 * 3. A chain's stores are one entity: records of a country whose descriptor numbers the store
 *    under one brand ("BRIGHTMART #1234 LEEDS", "BRIGHTMART #88 YORK"), in whatever town, and the
 *    records carrying the names those store records carry ("Brightmart Stores Ltd") when their
 *    MCC group is the brand's. A store number is what chains print and unrelated same-named shops
 *    do not, so unlike a bare shared name (a common name in other towns) it joins towns. A name
 *    two brands' stores carry joins neither.
 * The entity id is its smallest merchant id, so ids are stable for the same records.
 */
export async function clusterMerchantEntities(
  db: EngineDb,
  source: string,
  target: string,
): Promise<void> {
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_eg AS
    WITH r AS (
      SELECT merchant_id, country, name_norm, name_compact, tax_norm, city_norm, postcode_norm,
        descriptor_len, name_complete, brand_norm, ${mccGroupSql('mcc')} AS mcc_group,
        ${registeredNameSql()} AS registered
      FROM ${source} WHERE name_norm IS NOT NULL
    ), registered_key AS (
      -- The registered company of a name, where its records carry at most one tax id and one
      -- line of trade.
      SELECT country, name_compact,
        CASE WHEN count(DISTINCT tax_norm) = 0 THEN 'r:' WHEN count(DISTINCT tax_norm) = 1
          THEN 't:' || any_value(tax_norm) END AS key
      FROM r GROUP BY ALL
      HAVING bool_or(registered) AND count(DISTINCT mcc_group) FILTER (WHERE registered) <= 1
    ), registered_towns AS (
      SELECT DISTINCT country, name_compact, city_norm FROM r
      WHERE registered AND city_norm IS NOT NULL
    ), postcode_tax AS (
      SELECT country, name_compact, postcode_norm, CASE WHEN count(DISTINCT tax_norm) = 1 THEN any_value(tax_norm) END AS tax
      FROM r WHERE tax_norm IS NOT NULL AND postcode_norm IS NOT NULL GROUP BY ALL
    ), city_tax AS (
      SELECT country, name_compact, city_norm, CASE WHEN count(DISTINCT tax_norm) = 1 THEN any_value(tax_norm) END AS tax
      FROM r WHERE tax_norm IS NOT NULL AND city_norm IS NOT NULL GROUP BY ALL
    ), keyed AS (
      SELECT r.*, CASE WHEN r.tax_norm IS NOT NULL THEN 't:' || r.tax_norm
        WHEN r.registered AND rk.key IS NOT NULL AND r.city_norm IS NOT NULL THEN rk.key
        WHEN pt.tax IS NOT NULL THEN 't:' || pt.tax
        WHEN ct.tax IS NOT NULL THEN 't:' || ct.tax
        WHEN rt.city_norm IS NOT NULL AND rk.key IS NOT NULL THEN rk.key
        WHEN r.city_norm IS NOT NULL THEN 'c:' || r.city_norm END AS key
      FROM r LEFT JOIN postcode_tax pt USING (country, name_compact, postcode_norm)
      LEFT JOIN city_tax ct USING (country, name_compact, city_norm)
      LEFT JOIN registered_key rk USING (country, name_compact)
      LEFT JOIN registered_towns rt USING (country, name_compact, city_norm)
    ), only_key AS (
      SELECT country, name_compact, CASE WHEN count(DISTINCT key) = 1 THEN any_value(key) END AS key
      FROM keyed WHERE key IS NOT NULL GROUP BY ALL
    )
    SELECT k.* EXCLUDE (key), hash(k.country, k.name_compact, coalesce(k.key, o.key, '')) AS group_key
    FROM keyed k LEFT JOIN only_key o USING (country, name_compact)`);
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_egs AS
    SELECT group_key, any_value(country) AS country, any_value(name_compact) AS compact,
      min(merchant_id) AS entity_id,
      bool_or(${mayBeCutSql()}) AS may_be_cut,
      list(DISTINCT tax_norm) FILTER (WHERE tax_norm IS NOT NULL) AS taxes,
      list(DISTINCT city_norm) FILTER (WHERE city_norm IS NOT NULL) AS cities,
      list(DISTINCT postcode_norm) FILTER (WHERE postcode_norm IS NOT NULL) AS postcodes,
      list(DISTINCT mcc_group) FILTER (WHERE mcc_group IS NOT NULL) AS mcc_groups
    FROM b2b_eg GROUP BY group_key`);
  // A longer name is found by its prefix of the cut name's length: one equality join per pair
  // that shares the whole cut name. Joining on the first ten letters and testing the rest paired
  // every store of a chain with every other (40 million pairs for 1,000,000 card-feed records).
  const agree = (list: string) =>
    `(len(coalesce(t.${list}, [])) = 0 OR len(coalesce(e.${list}, [])) = 0 OR list_has_any(t.${list}, e.${list}))`;
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ecut AS
    WITH cut AS (
      SELECT * FROM b2b_egs WHERE may_be_cut AND length(compact) >= ${MIN_CUT_COMPACT}
    ), cut_lengths AS (
      SELECT DISTINCT length(compact) AS cut_length FROM cut
    ), prefixed AS (
      SELECT e.*, left(e.compact, l.cut_length) AS prefix
      FROM b2b_egs e JOIN cut_lengths l ON length(e.compact) > l.cut_length
    ), longer AS (
      SELECT t.group_key, e.entity_id AS target_entity, e.compact AS target_compact
      FROM cut t JOIN prefixed e ON e.country = t.country AND e.prefix = t.compact
      WHERE ${agree('taxes')} AND ${agree('cities')} AND ${agree('postcodes')}
        AND ${agree('mcc_groups')}
    ), longest AS (
      SELECT group_key, max(length(target_compact)) AS longest FROM longer GROUP BY group_key
    ), tops AS (
      SELECT o.group_key, count(DISTINCT o.target_entity) AS n,
        any_value(o.target_entity) AS target_entity, any_value(o.target_compact) AS top_compact
      FROM longer o JOIN longest l USING (group_key)
      WHERE length(o.target_compact) = l.longest GROUP BY o.group_key
    )
    SELECT t.group_key, t.target_entity FROM tops t JOIN longer o USING (group_key)
    WHERE t.n = 1
    GROUP BY t.group_key, t.target_entity, t.top_compact
    HAVING bool_and(starts_with(t.top_compact, o.target_compact))`);
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_e1 AS
    SELECT g.merchant_id, g.country, g.name_norm, g.brand_norm, g.mcc_group,
      coalesce(c.target_entity, s.entity_id) AS entity_id
    FROM b2b_eg g JOIN b2b_egs s USING (group_key)
    LEFT JOIN b2b_ecut c USING (group_key)`);
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_echain AS
    WITH brands AS (
      SELECT country, brand_norm, list(DISTINCT mcc_group) FILTER (WHERE mcc_group IS NOT NULL) AS mcc_groups
      FROM b2b_e1 WHERE length(replace(brand_norm, ' ', '')) >= ${MIN_BRAND_COMPACT} GROUP BY ALL
    ), names AS (
      SELECT e.country, e.name_norm, any_value(e.brand_norm) AS brand_norm
      FROM b2b_e1 e JOIN brands b USING (country, brand_norm)
      GROUP BY ALL HAVING count(DISTINCT e.brand_norm) = 1
    ), keyed AS (
      SELECT e.entity_id, e.country, coalesce(b.brand_norm, n.brand_norm) AS brand
      FROM b2b_e1 e
      LEFT JOIN brands b USING (country, brand_norm)
      LEFT JOIN names n USING (country, name_norm)
      LEFT JOIN brands nb ON nb.country = n.country AND nb.brand_norm = n.brand_norm
      WHERE b.brand_norm IS NOT NULL
        OR (n.brand_norm IS NOT NULL AND (e.mcc_group IS NULL OR len(coalesce(nb.mcc_groups, [])) = 0
          OR list_contains(nb.mcc_groups, e.mcc_group)))
    ), per_entity AS (
      SELECT entity_id, any_value(country) AS country, any_value(brand) AS brand
      FROM keyed GROUP BY entity_id HAVING count(DISTINCT brand) = 1
    )
    SELECT entity_id, min(entity_id) OVER (PARTITION BY country, brand) AS chain_entity
    FROM per_entity`);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${target} AS
    SELECT e.merchant_id, coalesce(c.chain_entity, e.entity_id) AS entity_id
    FROM b2b_e1 e LEFT JOIN b2b_echain c USING (entity_id)`);
  await db.run(
    'DROP TABLE IF EXISTS b2b_eg; DROP TABLE IF EXISTS b2b_egs; DROP TABLE IF EXISTS b2b_ecut; DROP TABLE IF EXISTS b2b_e1; DROP TABLE IF EXISTS b2b_echain;',
  );
}
