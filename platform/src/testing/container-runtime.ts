/**
 * Suites that need real servers (EventStoreDB, Kafka, MongoDB) start them with testcontainers
 * when a container runtime answers. Without one they are skipped, and say why in one line.
 */
export type ContainerRuntime = { readonly available: true } | { readonly available: false; readonly reason: string };

let detected: Promise<ContainerRuntime> | null = null;

async function detect(): Promise<ContainerRuntime> {
  if (process.env.PLENTY_SKIP_CONTAINERS === '1') {
    return { available: false, reason: 'PLENTY_SKIP_CONTAINERS=1' };
  }
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await getContainerRuntimeClient();
    return client.info.containerRuntime.host === undefined
      ? { available: false, reason: 'the container runtime has no host' }
      : { available: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { available: false, reason: reason ?? 'no container runtime' };
  }
}

/** Detects the container runtime once per process. */
export function containerRuntime(): Promise<ContainerRuntime> {
  return (detected ??= detect());
}

/** The runtime, after printing the one line that says a suite is skipped and why when there is none. */
export async function requireContainers(suite: string): Promise<ContainerRuntime> {
  const runtime = await containerRuntime();
  if (!runtime.available) {
    process.stdout.write(`skipped: ${suite} needs a container runtime (Docker or Podman): ${runtime.reason}\n`);
  }
  return runtime;
}
