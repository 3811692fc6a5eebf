import path from 'node:path';

/**
 * Keeps the web app's layers apart (DESIGN.md section 3):
 * shared (components, lib, theme) → modules → app. A module never imports another module,
 * shared code imports neither modules nor app, and modules do not import app.
 */
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

function layerOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at < 0) return null;
  const [top, name] = file.slice(at + WEB_SRC.length).split(path.sep);
  if (top === 'modules') return { layer: 'module', name };
  if (top === 'app') return { layer: 'app' };
  if (['components', 'lib', 'theme'].includes(top)) return { layer: 'shared' };
  return { layer: 'other' };
}

export const webLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Web layering: shared → modules → app; modules stay independent' },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = layerOf(path.resolve(path.dirname(context.filename), source));
        if (!to) return;
        const refused =
          (from.layer === 'module' && to.layer === 'module' && to.name !== from.name) ||
          (from.layer === 'module' && to.layer === 'app') ||
          (from.layer === 'shared' && (to.layer === 'module' || to.layer === 'app'));
        if (refused) {
          context.report({
            node,
            message: `A ${from.layer}${from.name ? ` (${from.name})` : ''} may not import from ${to.layer}${to.name ? ` (${to.name})` : ''}: compose modules in app/routes instead.`,
          });
        }
      },
    };
  },
};
