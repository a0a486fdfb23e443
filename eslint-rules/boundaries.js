import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: the folder above this one. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each workspace's package name (`@plenty/contracts`) → its folder under the root (`contracts`). */
function readWorkspaceFolders(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const folders = new Map();
  for (const folder of workspaces) {
    try {
      folders.set(JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name, folder);
    } catch {
      // A workspace being created has no package.json yet: nothing imports it by name.
    }
  }
  return folders;
}

let cachedWorkspaces;
const workspaceFolders = (root) => (cachedWorkspaces ??= readWorkspaceFolders(root));

/** `a/b/c` → `a/b/c` with forward slashes, relative to the root. */
const posix = (path) => path.split(sep).join('/');

/**
 * The folder (relative to the root, forward slashes) that an import points into, or undefined for
 * a package from outside the repository. Relative imports are resolved against the importing file;
 * `@plenty/<name>/…` is the workspace of that name.
 */
export function importedPath(specifier, filename, root, workspaces) {
  if (specifier.startsWith('.')) return posix(relative(root, resolve(dirname(filename), specifier)));
  const match = /^(@plenty\/[^/]+)(\/.*)?$/.exec(specifier);
  const folder = match && workspaces.get(match[1]);
  return folder ? posix(join(folder, match[2] ?? '')) : undefined;
}

/** Whether `path` is `folder` or inside it. */
const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/**
 * The folder a zone pattern names for a given path: `frontend/src/features/*` names, for
 * `frontend/src/features/debt/x.ts`, the folder `frontend/src/features/debt`.
 */
function matchFolder(pattern, path) {
  if (!pattern.endsWith('/*')) return within(path, pattern) ? pattern : undefined;
  const parent = pattern.slice(0, -2);
  if (!path.startsWith(`${parent}/`)) return undefined;
  const child = path.slice(parent.length + 1).split('/')[0];
  return child ? `${parent}/${child}` : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'An import may not reach into a folder its own folder must not depend on.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                forbid: { type: 'array', items: { type: 'string' } },
                reason: { type: 'string' },
              },
              required: ['from', 'forbid', 'reason'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
    messages: { crossing: "'{{importer}}' may not import from '{{imported}}': {{reason}}." },
  },
  create(context) {
    const root = ROOT;
    const file = posix(relative(root, context.filename));
    if (isAbsolute(file) || file.startsWith('..')) return {};
    const zones = context.options[0].zones.flatMap((zone) => {
      const own = matchFolder(zone.from, file);
      return own ? [{ ...zone, own }] : [];
    });
    if (zones.length === 0) return {};
    const workspaces = workspaceFolders(root);

    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = importedPath(source.value, context.filename, root, workspaces);
      if (!target) return;
      for (const zone of zones) {
        for (const pattern of zone.forbid) {
          const folder = matchFolder(pattern, target);
          // `features/*` forbids every feature but the importer's own.
          if (!folder || folder === zone.own) continue;
          context.report({
            node: source,
            messageId: 'crossing',
            data: { importer: zone.own, imported: folder, reason: zone.reason },
          });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
