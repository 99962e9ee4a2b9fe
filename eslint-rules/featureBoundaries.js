// Feature boundaries, checked by ESLint (eslint.config.js):
//  1. A feature reaches another feature only through that feature's index (its public surface):
//     `../probes/index.js`, never `../probes/probe.repository.js`.
//  2. A feature never imports the shell or the composition root that mounts it (apps/web/src/app,
//     apps/server/src/createServer.ts, features.ts, main.ts): features are mounted, they do not mount.
//  3. The server's layers under the features (http/, realtime/, kernel/, db/, jobs/) never import a
//     feature: features depend on them, so an import the other way is a cycle waiting to happen
//     (the access rules and authentication live in http/ for that reason).
// Only relative imports are checked; packages (@emberwatch/shared included) are public by definition.
import path from 'node:path';

const FEATURES = `${path.sep}src${path.sep}features${path.sep}`;

/** The app folder (…/apps/web) and feature name of a file inside src/features, or null. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return null;
  const rest = file.slice(at + FEATURES.length);
  const name = rest.split(path.sep)[0];
  return name && rest.includes(path.sep) ? { app: file.slice(0, at), name, rest } : null;
}

const SHELL = [
  `${path.sep}apps${path.sep}web${path.sep}src${path.sep}app${path.sep}`,
  `${path.sep}apps${path.sep}server${path.sep}src${path.sep}createServer`,
  `${path.sep}apps${path.sep}server${path.sep}src${path.sep}features.`,
  `${path.sep}apps${path.sep}server${path.sep}src${path.sep}main.`,
];

const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const LAYERS = ['http', 'realtime', 'kernel', 'db', 'jobs'];

/** The server's src folder and layer name of a file in one of the layers under the features, or null. */
function layerOf(file) {
  const at = file.indexOf(SERVER_SRC);
  if (at < 0) return null;
  const name = file.slice(at + SERVER_SRC.length).split(path.sep)[0];
  return LAYERS.includes(name) ? { src: file.slice(0, at + SERVER_SRC.length), name } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'features import each other through their index and never the shell' },
    messages: {
      deep: "'{{source}}' reaches inside the {{feature}} feature: import it from '{{suggestion}}' (add the export to its index).",
      shell: "'{{source}}' is the shell or the composition root: a feature must not import it.",
      layer:
        "'{{source}}' is a feature: the server's {{layer}}/ layer sits under the features and must not import one (declare the interface it needs in {{layer}}/ and let the feature implement it).",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const layer = layerOf(filename);
    if (layer) {
      const checkLayer = (node, source) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(filename), source);
        if (target.startsWith(`${layer.src}features${path.sep}`) || target === `${layer.src}features`)
          context.report({ node, messageId: 'layer', data: { source, layer: layer.name } });
      };
      return {
        ImportDeclaration: (node) => checkLayer(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && checkLayer(node, node.source.value),
        ExportAllDeclaration: (node) => checkLayer(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && checkLayer(node, node.source.value),
      };
    }
    const self = featureOf(filename);
    if (!self) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      if (SHELL.some((s) => target.includes(s) || `${target}${path.sep}`.includes(s))) {
        context.report({ node, messageId: 'shell', data: { source } });
        return;
      }
      const other = featureOf(`${target}${path.extname(target) ? '' : '.x'}`) ?? featureOf(target);
      if (!other || other.app !== self.app || other.name === self.name) return;
      const inner = other.rest.slice(other.name.length + 1).replace(/\.(js|ts|tsx|x)$/, '');
      if (inner === 'index') return;
      const folder = path.relative(path.dirname(filename), `${self.app}${FEATURES}${other.name}`);
      // Server code imports with the .js extension (NodeNext); the web's bundler takes the folder.
      const suggestion = source.endsWith('.js') ? `${folder}/index.js` : folder;
      context.report({
        node,
        messageId: 'deep',
        data: {
          source,
          feature: other.name,
          suggestion: `${suggestion.startsWith('.') ? '' : './'}${suggestion}`,
        },
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

export default { rules: { 'feature-boundaries': featureBoundaries } };
