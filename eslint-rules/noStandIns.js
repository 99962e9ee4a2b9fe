// The local stand-ins stay outside the product (decision 0086), checked by ESLint (eslint.config.js):
// the server and the web app never import the stand-ins workspace — neither the package
// (@emberwatch/stand-ins) nor a relative path into stand-ins/. The server reaches the stand-ins only
// through the settings it uses for the real providers; the scripts and the tests start them.
import path from 'node:path';

const PACKAGE = '@emberwatch/stand-ins';
const PRODUCT = ['server', 'web'].map((app) => `${path.sep}apps${path.sep}${app}${path.sep}src${path.sep}`);

/** The repository root of a file in the server's or the web app's src, or null for any other file. */
function productRoot(file) {
  for (const marker of PRODUCT) {
    const at = file.indexOf(marker);
    if (at >= 0) return file.slice(0, at);
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noStandIns = {
  meta: {
    type: 'problem',
    docs: { description: 'product code never imports the local stand-ins' },
    messages: {
      standIn:
        "'{{source}}' is a local stand-in: product code must not import it. Reach the provider through its settings (SMTP_URL, TWILIO_*, STRIPE_*); the scripts and the tests start the stand-ins (decision 0086).",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const root = productRoot(filename);
    if (root === null) return {};
    const standIns = path.join(root, 'stand-ins');
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const isPackage = source === PACKAGE || source.startsWith(`${PACKAGE}/`);
      const target = source.startsWith('.') ? path.resolve(path.dirname(filename), source) : null;
      const isPath = target !== null && (target === standIns || target.startsWith(`${standIns}${path.sep}`));
      if (isPackage || isPath) context.report({ node, messageId: 'standIn', data: { source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'no-stand-ins': noStandIns } };
