import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { commandEnvSchema, loadCommandServiceConfig } from '@plenty/command-api/config';
import { loadProjectorServiceConfig, projectorEnvSchema } from '@plenty/projector/config';
import { loadQueryServiceConfig, queryEnvSchema } from '@plenty/query-api/config';
import { APP_ROUTES, matchAppRoute } from '@plenty/contracts/app-routes';
import { webAppCspDirectives } from '@plenty/platform/http/security-headers';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** What `docker compose` would substitute, with the variables a user sets in `.env`. */
const userEnv: Record<string, string> = {
  PLENTY_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
  RECEIPT_LINK_SECRET: Buffer.alloc(32, 2).toString('base64'),
};

function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Z0-9_]+)(?:(:?-)([^}]*)|(:?\?)([^}]*))?\}/g,
    (_all, name: string, dash, fallback, question, message) => {
      const value = env[name];
      if (question !== undefined) {
        if (value === undefined || (question === ':?' && value === '')) throw new Error(`${name}: ${String(message)}`);
        return value;
      }
      if (dash === ':-') return value === undefined || value === '' ? String(fallback) : value;
      if (dash === '-') return value === undefined ? String(fallback) : value;
      return value ?? '';
    },
  );
}

const serviceSchema = z.object({
  image: z.string().optional(),
  build: z
    .object({
      context: z.string(),
      dockerfile: z.string().optional(),
      args: z.record(z.string(), z.string().nullable()).optional(),
    })
    .optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  ports: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  container_name: z.string().optional(),
});

function loadCompose(env: Record<string, string>) {
  const document = parse(interpolate(read('docker-compose.yml'), env), { merge: true }) as {
    services: Record<string, unknown>;
  };
  return Object.fromEntries(
    Object.entries(document.services).map(([name, service]) => {
      const parsed = serviceSchema.parse(service);
      const environment = Object.fromEntries(
        Object.entries(parsed.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
      );
      return [name, { ...parsed, environment }];
    }),
  );
}

const services = loadCompose(userEnv);
const schemas = {
  'command-api': { schema: commandEnvSchema, load: loadCommandServiceConfig },
  projector: { schema: projectorEnvSchema, load: loadProjectorServiceConfig },
  'query-api': { schema: queryEnvSchema, load: loadQueryServiceConfig },
} as const;

describe('docker-compose.yml', () => {
  it('refuses to start without the master key', () => {
    expect(() => loadCompose({})).toThrow(/PLENTY_MASTER_KEY/);
  });

  it.each(Object.keys(schemas) as (keyof typeof schemas)[])(
    'gives %s only variables its env schema knows, and a configuration it accepts as distributed',
    (name) => {
      const service = services[name];
      expect(service).toBeDefined();
      const { schema, load } = schemas[name];
      const known = new Set(Object.keys(schema.shape));
      expect(Object.keys(service?.environment ?? {}).filter((key) => !known.has(key))).toEqual([]);
      const config = load(service?.environment ?? {});
      expect(config.stores.kind).toBe('distributed');
      expect(String(config.port)).toBe(service?.environment.PORT);
    },
  );

  it('points every connection string at a service of the file', () => {
    const hosts = (value: string) => [...value.matchAll(/(?:\/\/|^|,)([a-z][\w-]*):\d+/g)].map((m) => m[1]);
    for (const name of Object.keys(schemas)) {
      const env = services[name]?.environment ?? {};
      for (const key of ['EVENTSTORE_URL', 'MONGODB_URL', 'KAFKA_BROKERS', 'FIREBASE_AUTH_EMULATOR_HOST']) {
        for (const host of hosts(env[key] ?? '')) expect(Object.keys(services), `${name} ${key}`).toContain(host);
      }
    }
  });

  it('builds the services from the one Dockerfile, its SERVICE argument choosing the runtime stage', () => {
    const text = read('Dockerfile');
    /** Each stage's instructions by name, from its `FROM … AS <name>` to the next FROM. */
    const stages = new Map(
      text
        .split(/^(?=FROM )/m)
        .map((stage) => [/^FROM \S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage] as const)
        .filter(([name]) => name !== ''),
    );
    expect(text).toMatch(/^ARG SERVICE=/m);
    expect(text).toMatch(/^FROM runtime-\$\{SERVICE\}$/m);
    const nodeService = stages.get('node-service') ?? '';
    expect(nodeService).toMatch(/^USER node$/m);
    expect(nodeService).toContain('exec node \\"$SERVICE/dist/main.js\\"');
    for (const [name, service] of Object.entries(services)) {
      if (service.build === undefined) continue;
      if (service.build.context !== '.') {
        // The emulator image runs as its unprivileged user.
        const own = read(join(service.build.context, service.build.dockerfile ?? 'Dockerfile'));
        expect(own, name).toMatch(/^USER node$/m);
        continue;
      }
      expect(service.build.dockerfile ?? 'Dockerfile', name).toBe('Dockerfile');
      expect(service.build.args?.SERVICE, name).toBe(name);
      const runtime = stages.get(`runtime-${name}`);
      expect(runtime, `the Dockerfile has no stage runtime-${name}`).toBeDefined();
      if (name in schemas) {
        expect(runtime, name).toMatch(/^FROM node-service AS /);
        expect(runtime, name).toContain(`EXPOSE ${services[name]?.environment.PORT}`);
        expect(runtime, name).toContain(`ENV PORT=${services[name]?.environment.PORT}`);
        expect(existsSync(join(root, name, 'src/main.ts')), name).toBe(true);
      } else {
        expect(runtime, name).toMatch(/^FROM nginxinc\/nginx-unprivileged/);
      }
    }
    // No service keeps a Dockerfile of its own beside the shared one.
    for (const name of [...Object.keys(schemas), 'frontend'])
      expect(existsSync(join(root, name, 'Dockerfile'))).toBe(false);
  });

  it('routes the web entry to the API services on their ports', () => {
    const web = services.web?.environment ?? {};
    expect(web.COMMAND_API_UPSTREAM).toBe(`command-api:${services['command-api']?.environment.PORT}`);
    expect(web.QUERY_API_UPSTREAM).toBe(`query-api:${services['query-api']?.environment.PORT}`);
    expect(web.AUTH_EMULATOR_UPSTREAM).toBe(services['command-api']?.environment.FIREBASE_AUTH_EMULATOR_HOST);
    const nginx = read('docker/nginx/default.conf.template');
    expect(nginx).toMatch(/location \/api\/commands\/[\s\S]*proxy_pass http:\/\/command_api/);
    expect(nginx).toMatch(/location \/api\/queries\/[\s\S]*proxy_pass http:\/\/query_api/);
    // An import's rows go to the command API, whose route takes them (IMPORT_ROWS_PATH).
    expect(nginx).toMatch(/location \/api\/imports\/ \{\s*proxy_pass http:\/\/command_api;/);
    const emulator = JSON.parse(read('docker/auth-emulator/firebase.json')) as {
      emulators: { auth: { port: number } };
    };
    expect(web.AUTH_EMULATOR_UPSTREAM).toBe(`auth:${emulator.emulators.auth.port}`);
  });

  it('publishes ports on loopback only, and lets the projector scale', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
    expect(services.projector?.ports).toBeUndefined();
    expect(services.projector?.container_name).toBeUndefined();
  });

  it('starts each service after what it depends on', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(Object.keys(services), name).toContain(dependency);
    }
  });
});

describe('nginx entry', () => {
  const nginx = read('docker/nginx/default.conf.template');
  const block = /# pages:begin\s+location ~ "([^"]+)"/.exec(nginx);
  const pages = new RegExp(block?.[1] ?? '^$');
  const samples = [
    ...APP_ROUTES.flatMap((route) => {
      const path = route.path.replace(/:[a-z]+/g, 'abc-123');
      return [path, `/th${path === '/' ? '' : path}`, `/lo${path}`, `${path}/`.replace('//', '/')];
    }),
    '/th',
    '/lo/',
    '/nowhere',
    '/th/nowhere',
    '/fr/dashboard',
    '/dashboard/transactions/edit',
    '/dashboard/transactions/edit/a/b',
    '/auth',
    '/dashboardx',
    '/assets/index.js',
    '/favicon.svg',
    '/sw.js',
    '/manifest.th.webmanifest',
  ];

  it('serves the app with 200 exactly on the paths the app has a page for', () => {
    for (const path of samples) expect(pages.test(path), path).toBe(matchAppRoute(path) !== null);
  });

  /** Each `location … { … }` of the server: its match and its body (braces counted). */
  const locations = (() => {
    const found: { match: string; body: string }[] = [];
    const start = /^\s*location\s+([^{]+?)\s*\{/gm;
    for (let head = start.exec(nginx); head !== null; head = start.exec(nginx)) {
      let depth = 1;
      let index = start.lastIndex;
      while (depth > 0 && index < nginx.length) {
        if (nginx[index] === '{') depth += 1;
        if (nginx[index] === '}') depth -= 1;
        index += 1;
      }
      found.push({ match: head[1] ?? '', body: nginx.slice(start.lastIndex, index - 1) });
    }
    return found;
  })();
  const location = (match: string) => locations.find((candidate) => candidate.match === match)?.body ?? '';
  const SECURITY_HEADERS = [
    'add_header X-Content-Type-Options nosniff always;',
    'add_header Referrer-Policy strict-origin-when-cross-origin always;',
    'add_header X-Frame-Options DENY always;',
    'add_header Cross-Origin-Opener-Policy same-origin-allow-popups always;',
    'add_header Strict-Transport-Security $plenty_hsts always;',
    'add_header Content-Security-Policy $plenty_csp always;',
  ];

  it('repeats the security headers in every location of the app that adds a header of its own', () => {
    const app = locations.filter(({ match, body }) => body.includes('add_header') && !match.includes('__/auth'));
    expect(app.map(({ match }) => match)).toEqual(
      expect.arrayContaining(['= /sw.js', '~ \\.webmanifest$', '/assets/', '= /index.html', '/']),
    );
    for (const { match, body } of app) {
      for (const header of SECURITY_HEADERS) expect(body, `${match}: ${header}`).toContain(header);
    }
  });

  it('has the service worker and the manifests revalidated, the manifests typed, and the hashed assets kept a year', () => {
    expect(location('= /sw.js')).toContain('add_header Cache-Control "no-cache";');
    const manifests = location('~ \\.webmanifest$');
    expect(manifests).toContain('add_header Cache-Control "no-cache";');
    // An empty types map, so the default type is the one every manifest is sent with.
    expect(manifests).toMatch(/types \{\s*\}\s*default_type application\/manifest\+json;/);
    const manifestPath = new RegExp(
      locations.find(({ body }) => body === manifests)?.match.replace(/^~\s+/, '') ?? '^$',
    );
    expect(['/manifest.en.webmanifest', '/manifest.lo.webmanifest'].every((path) => manifestPath.test(path))).toBe(
      true,
    );
    expect(manifestPath.test('/manifest.en.webmanifest.js')).toBe(false);
    expect(location('/assets/')).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
  });

  it('sends the directives of the embedded default CSP, with the service worker and manifests from its own origin', () => {
    const csp = /map \$host \$plenty_csp \{\s*default "([^"]+)";/.exec(nginx)?.[1] ?? '';
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    const embedded = webAppCspDirectives({ kind: 'firebase', authDomain: undefined });
    expect([...directives.keys()].sort()).toEqual(Object.keys(embedded).sort());
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src')).toEqual(["'self'"]);
  });
});
