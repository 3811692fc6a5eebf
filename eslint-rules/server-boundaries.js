import path from 'node:path';

/**
 * Keeps the server's modules apart (docs/architecture.md, "Boundaries"). A file of
 * `modules/X` may import from `modules/Y` (Y ≠ X) only:
 *   1. `import type` from `Y/*.service.ts` (services are wired in src/services.ts, passed as deps);
 *   2. anything from `Y/*.policy.ts` (record-level rules);
 *   3. `Y/*.schema.ts` from an `X/*.schema.ts` (foreign keys) or an `X/*.read.ts` read model;
 *   4. `proq/command-registry.ts` (the API every module registers its ProQ commands with).
 * Below the modules, `db/` imports no module and `engine/` imports neither modules nor `db/`.
 * `db/schema.ts` gathers the tables for drizzle-kit alone, so it may re-export them and no
 * source file may import it.
 * Every form that loads a file counts: `import`, `export … from` and `import()`.
 */
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;

/** Where a server source file sits: its top folder, its module and its base name. */
function placeOf(file) {
  const at = file.indexOf(SERVER_SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SERVER_SRC.length).split(path.sep);
  const base = parts[parts.length - 1].replace(/\.(js|ts|mjs|cjs)$/, '');
  const rel = parts.join('/').replace(/\.(js|ts|mjs|cjs)$/, '');
  return { top: parts[0], module: parts[0] === 'modules' ? parts[1] : null, base, rel };
}

const kindOf = (base) => base.match(/\.(service|policy|schema|read|repo)$/)?.[1] ?? null;

/** Why `from` may not load `to` (`typeOnly`: nothing of it is kept at run time), or null. */
function refusal(from, to, typeOnly) {
  if (to.rel === 'db/schema' && from.rel !== 'db/schema')
    return 'db/schema.ts is for drizzle-kit only: import the table from its module’s *.schema.ts.';
  if (from.top === 'db' && to.top === 'modules' && from.rel !== 'db/schema')
    return 'db/ imports no module: it sits below them (seed data lives in src/seed/).';
  if (from.top === 'engine' && (to.top === 'modules' || to.top === 'db'))
    return 'engine/ imports neither modules/ nor db/: a module adapts the engine, not the reverse.';
  if (!from.module || !to.module || from.module === to.module) return null;

  const kind = kindOf(to.base);
  const fromKind = kindOf(from.base);
  if (kind === 'policy') return null;
  if (to.rel === 'modules/proq/command-registry') return null;
  if (kind === 'service' && typeOnly) return null;
  if (kind === 'schema' && (fromKind === 'schema' || fromKind === 'read')) return null;

  const target = `modules/${to.module}/${to.base}`;
  if (kind === 'service')
    return `${target} may be imported by modules/${from.module} as a type only: take the service as a dep wired in services.ts.`;
  if (kind === 'schema')
    return `Only a *.schema.ts (foreign keys) or a *.read.ts read model may import another module’s tables (${target}): call its service instead.`;
  return `modules/${from.module} may not import ${target}: reach another module through its service (import type), its *.policy.ts, or a *.read.ts read model.`;
}

const allSpecifiersAreTypes = (specifiers, key) =>
  specifiers.length > 0 && specifiers.every((s) => s[key] === 'type');

export const serverBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Server boundaries: modules meet through service types, policies and read models; db/ and engine/ stay below them',
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};

    const check = (node, sourceNode, typeOnly) => {
      const source = sourceNode?.type === 'Literal' ? sourceNode.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      const message = refusal(from, to, typeOnly);
      if (message) context.report({ node, message });
    };

    return {
      ImportDeclaration(node) {
        check(
          node,
          node.source,
          node.importKind === 'type' || allSpecifiersAreTypes(node.specifiers, 'importKind'),
        );
      },
      ExportNamedDeclaration(node) {
        if (!node.source) return;
        check(
          node,
          node.source,
          node.exportKind === 'type' || allSpecifiersAreTypes(node.specifiers, 'exportKind'),
        );
      },
      ExportAllDeclaration(node) {
        check(node, node.source, node.exportKind === 'type');
      },
      ImportExpression(node) {
        check(node, node.source, false);
      },
    };
  },
};
