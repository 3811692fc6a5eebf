import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared, subqueryColumn } from '../../db/prepared-queries.js';

/** A passage found for a question, with what the ranking needs. */
export type CandidatePassage = {
  id: string;
  filename: string;
  page: number;
  chunkIndex: number;
  heading: string | null;
  content: string;
  language: string;
  /** Sum of the inverse document frequencies of the query items the passage contains. */
  matchedIdf: number;
  /** ts_rank_cd of the passage for all items: proximity, frequency, heading weight. */
  density: number;
};

/** The passages found, and each query item's inverse document frequency (0: a common word). */
export type Candidates = { passages: CandidatePassage[]; itemIdf: number[] };

type CandidateRow = {
  id: string;
  filename: string;
  page: number;
  chunk_index: number;
  heading: string | null;
  content: string;
  language: string;
  matched_idf: number;
  density: number;
  item_idf: number[];
};

/** The search, one statement whatever the question: its values are placeholders. */
const CANDIDATES_SQL = sql`
  with lang as materialized (select distinct language as cfg from chat_documents),
  item as materialized (
    select * from (
      select i.ord::int as ord, l.cfg, to_tsquery(l.cfg::regconfig, i.q) as tsq
      from unnest(${sql.placeholder('items')}::text[]) with ordinality as i(q, ord) cross join lang l
    ) x where numnode(x.tsq) > 0
  ),
  total as materialized (
    select greatest(coalesce(sum(chunk_count), 0), 1)::float8 as n from chat_documents
  ),
  matches as materialized (
    select it.ord, it.cfg, m.id
    from item it
    cross join lateral (
      -- offset 0 keeps this a per-item GIN lookup instead of a scan of every passage
      select c.id from chat_chunks c
      where c.search_vector @@ it.tsq and c.language = it.cfg
      offset 0
    ) m
  ),
  weighted as materialized (
    select it.ord, it.cfg,
      ln(1 + (t.n - coalesce(d.df, 0) + 0.5) / (coalesce(d.df, 0) + 0.5)) as idf
    from item it
    cross join total t
    left join (select ord, cfg, count(*)::float8 as df from matches group by ord, cfg) d
      on d.ord = it.ord and d.cfg = it.cfg
  ),
  hit as (
    select m.id, sum(w.idf) as matched_idf
    from matches m join weighted w on w.ord = m.ord and w.cfg = m.cfg
    group by m.id
    order by matched_idf desc
    limit ${sql.placeholder('limit')}::int
  )
  select c.id, d.filename, c.page, c.chunk_index, c.heading, c.content, c.language,
    h.matched_idf::float8 as matched_idf,
    ts_rank_cd(c.search_vector, to_tsquery(c.language::regconfig, ${sql.placeholder('anyItem')}::text), 1)::float8 as density,
    (select array_agg(coalesce(x.m, 0)::float8 order by g.ord)
      from generate_series(1, ${sql.placeholder('itemCount')}::int) as g(ord)
      left join (select ord, max(idf) as m from weighted group by ord) x on x.ord = g.ord
    ) as item_idf
  from hit h
  join chat_chunks c on c.id = h.id
  join chat_documents d on d.id = c.document_id`;

/** Which query items each sentence contains, in its passage's language. */
const SENTENCES_SQL = sql`
  select s.ord::int as ord,
    array_agg(i.ord::int - 1) filter (where v.vec @@ to_tsquery(s.cfg::regconfig, i.q)) as matched
  from unnest(${sql.placeholder('texts')}::text[], ${sql.placeholder('languages')}::text[])
    with ordinality as s(t, cfg, ord)
  cross join lateral (select to_tsvector(s.cfg::regconfig, s.t) as vec) v
  cross join unnest(${sql.placeholder('items')}::text[]) with ordinality as i(q, ord)
  group by s.ord`;

const candidateColumns = {
  id: subqueryColumn<string>('id'),
  filename: subqueryColumn<string>('filename'),
  page: subqueryColumn<number>('page'),
  chunk_index: subqueryColumn<number>('chunk_index'),
  heading: subqueryColumn<string | null>('heading'),
  content: subqueryColumn<string>('content'),
  language: subqueryColumn<string>('language'),
  matched_idf: subqueryColumn<number>('matched_idf'),
  density: subqueryColumn<number>('density'),
  item_idf: subqueryColumn<number[]>('item_idf'),
} satisfies Record<keyof CandidateRow, SQL>;

/**
 * Full-text retrieval over chat_chunks, PostgreSQL 15 SQL that runs on PGlite too. Each query
 * item becomes a tsquery in every language present (so stemming follows each document's
 * language); the GIN index answers each `@@`. Items are weighted like BM25's IDF (rare terms
 * count more), and ts_rank_cd adds proximity and heading weight.
 *
 * Both statements are prepared (db/prepared-queries.ts). The search runs with one generic plan
 * (`once`): PostgreSQL's own choice planned it anew for each question, and planning its six
 * common table expressions took longer than running them (pgbench over the shipped guide: 1.20
 * ms a search so, 0.57 ms with the generic plan; its form fixes the plan whatever the values).
 */
export function createChatRetrievalRepo(db: Database) {
  return {
    async findCandidates(items: string[], limit: number): Promise<Candidates> {
      if (items.length === 0) return { passages: [], itemIdf: [] };
      const anyItem = items.map((i) => `(${i})`).join(' | ');
      // Per-item estimates are pessimistic: with JIT, PostgreSQL would compile the plan, which
      // costs far more than the query (10 ms become 900 ms). The server's connections run
      // without JIT (db/client.ts), so this needs no transaction to turn it off.
      const rows: CandidateRow[] = await runPrepared(
        db,
        'chat-retrieval.findCandidates',
        () => db.select(candidateColumns).from(sql`(${CANDIDATES_SQL}) as x`),
        { items, limit, anyItem, itemCount: items.length },
        'once',
      );
      const passages = rows.map((r) => ({
        id: r.id,
        filename: r.filename,
        page: Number(r.page),
        chunkIndex: Number(r.chunk_index),
        heading: r.heading,
        content: r.content,
        language: r.language,
        matchedIdf: Number(r.matched_idf),
        density: Number(r.density),
      }));
      return { passages, itemIdf: (rows[0]?.item_idf ?? items.map(() => 0)).map(Number) };
    },

    /**
     * For each sentence (in its passage's language), the 0-based indexes of the query items it
     * contains: what the extractive answer picks its sentences by.
     */
    async matchSentences(
      sentences: { text: string; language: string }[],
      items: string[],
    ): Promise<number[][]> {
      if (sentences.length === 0 || items.length === 0) return sentences.map(() => []);
      const rows = await runPrepared(
        db,
        'chat-retrieval.matchSentences',
        () =>
          db
            .select({
              ord: subqueryColumn<number>('ord'),
              matched: subqueryColumn<number[] | null>('matched'),
            })
            .from(sql`(${SENTENCES_SQL}) as x`),
        {
          texts: sentences.map((s) => s.text),
          languages: sentences.map((s) => s.language),
          items,
        },
      );
      const matched = sentences.map((): number[] => []);
      for (const row of rows) matched[Number(row.ord) - 1] = (row.matched ?? []).map(Number);
      return matched;
    },
  };
}
export type ChatRetrievalRepo = ReturnType<typeof createChatRetrievalRepo>;
