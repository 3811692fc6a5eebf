import path from 'node:path';

/**
 * Keeps the web app's layers apart (DESIGN.md section 3):
 * shared (components, lib, theme) → modules → app. Shared code imports neither modules nor
 * app, and modules do not import app. A module's `api/` folder is its public surface: another
 * module may import `modules/<other>/api/*` (its fetchers, query options, hooks and query keys)
 * and nothing else of it, so no module copies another's fetchers. Checked on every way a file
 * can reach another: `import`, `export … from` and `import()`.
 */
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

function layerOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at < 0) return null;
  const [top, name, folder] = file.slice(at + WEB_SRC.length).split(path.sep);
  if (top === 'modules') return { layer: 'module', name, publicApi: folder === 'api' };
  if (top === 'app') return { layer: 'app' };
  if (['components', 'lib', 'theme'].includes(top)) return { layer: 'shared' };
  return { layer: 'other' };
}

function isRefused(from, to) {
  if (from.layer === 'module' && to.layer === 'module') {
    return to.name !== from.name && !to.publicApi;
  }
  return (
    (from.layer === 'module' && to.layer === 'app') ||
    (from.layer === 'shared' && (to.layer === 'module' || to.layer === 'app'))
  );
}

function describe(place) {
  if (place.layer !== 'module') return place.layer;
  return `module (${place.name})${place.publicApi ? ' api' : ''}`;
}

export const webLayers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Web layering: shared → modules → app; a module reaches another only through its api/',
    },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      if (!to || !isRefused(from, to)) return;
      const hint =
        from.layer === 'module' && to.layer === 'module'
          ? `import from modules/${to.name}/api/* instead, or compose the modules in app/`
          : 'compose modules in app/ instead';
      context.report({
        node,
        message: `A ${describe(from)} may not import from ${describe(to)}: ${hint}.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
