import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_IDENTITY_LIMITS } from '@plenty/platform/identity/attempt-limits';
import { embeddedTokenVerifier, IdTokens } from '@plenty/platform/identity/id-tokens';
import { IdentityService } from '@plenty/platform/identity/identity-service';
import { IdentityStore } from '@plenty/platform/identity/identity-store';
import { hashPassword, SCRYPT_PARAMETERS } from '@plenty/platform/identity/password-hash';
import { loadSigningKey } from '@plenty/platform/identity/signing-key';
import { percentile } from './percentile.js';
import { quick } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/identity.ts [--quick]`: what the embedded
 * identity costs on this machine: one scrypt hash, password sign-ins per second (scrypt, two
 * commits with fsync to identity.db, an ES256 signature) with several at once, and one check of
 * an ID token, first its signature, then the signature remembered and the account read.
 */
const sizes = quick ? { hashes: 5, signIns: 24, tokens: 500 } : { hashes: 20, signIns: 96, tokens: 5000 };

async function hashTimes(): Promise<void> {
  await hashPassword('warm-up');
  const times: number[] = [];
  // CPU time counts every thread of the process, so it holds even when other work shares the cores.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < sizes.hashes; i += 1) {
    const started = performance.now();
    await hashPassword(`password-${i}`);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const { N, r, p } = SCRYPT_PARAMETERS;
  console.log(
    `one password hash (scrypt N=2^${Math.log2(N)}, r=${r}, p=${p}, ${(128 * N * r) / 2 ** 20} MiB): ` +
      `p50 ${percentile(times, 50).toFixed(0)} ms, min ${(times[0] ?? 0).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms, ` +
      `${((cpu.user + cpu.system) / 1000 / times.length).toFixed(0)} ms of CPU (${times.length} hashes, one at a time)`,
  );
}

async function signInRate(service: IdentityService, email: string): Promise<void> {
  console.log('\n| sign-ins at once | sign-ins/s | p50 ms | p99 ms | CPU ms each |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const width of [1, 2, 4, 8]) {
    const latencies: number[] = [];
    let next = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < sizes.signIns) {
          next += 1;
          const begun = performance.now();
          await service.signInWithPassword({ email, password: 'correct-horse-battery' }, '127.0.0.1');
          latencies.push(performance.now() - begun);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    latencies.sort((a, b) => a - b);
    console.log(
      `| ${width} | ${(latencies.length / seconds).toFixed(1)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(0)} |`,
    );
  }
}

/** Microseconds per call of `work` over every token, one after another. */
async function perToken(tokens: readonly string[], work: (token: string) => Promise<unknown>): Promise<string> {
  const started = performance.now();
  for (const token of tokens) await work(token);
  return (((performance.now() - started) * 1000) / tokens.length).toFixed(0);
}

async function tokenChecks(tokens: IdTokens, store: IdentityStore, uid: string): Promise<void> {
  const user = store.user(uid);
  if (user === null) throw new Error('the bench account is missing');
  const subject = { user, authTime: Math.floor(Date.now() / 1000), signInProvider: 'password' };
  await tokens.issue(subject);
  const issued: string[] = [];
  const signing = performance.now();
  // ECDSA signatures are randomized: every token differs, so none is remembered.
  for (let i = 0; i < sizes.tokens; i += 1) issued.push(await tokens.issue(subject));
  const issueMicros = (((performance.now() - signing) * 1000) / issued.length).toFixed(0);
  const verifier = embeddedTokenVerifier(tokens, store);
  console.log(`\n| ID token (${issued.length} tokens) | µs each |`);
  console.log('|---|---:|');
  console.log(`| sign (ES256) | ${issueMicros} |`);
  console.log(`| check the signature and claims | ${await perToken(issued, (token) => tokens.check(token))} |`);
  console.log(
    `| verify a request's token the first time (signature, then the account) | ${await perToken(issued, (token) => verifier.verify(token))} |`,
  );
  console.log(
    `| verify it again (signature remembered, the account read) | ${await perToken(issued, (token) => verifier.verify(token))} |`,
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'plenty-bench-identity-'));
  const store = new IdentityStore(join(dir, 'identity.db'));
  try {
    const key = await loadSigningKey(join(dir, 'identity.key'));
    const tokens = new IdTokens(key, 'plenty');
    const service = new IdentityService({ store, tokens, limits: NO_IDENTITY_LIMITS });
    console.log(`\n## Identity (${quick ? 'quick' : 'full'})\n`);
    // scrypt is CPU and memory bound: its figures mean little on a busy machine.
    console.log(
      `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()[0]?.toFixed(2)} at the start, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4} threads\n`,
    );
    await hashTimes();
    const session = await service.signUp(
      { email: 'bench@example.test', password: 'correct-horse-battery' },
      '127.0.0.1',
    );
    await signInRate(service, 'bench@example.test');
    await tokenChecks(tokens, store, session.user.uid);
  } finally {
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
