// The checkpoint thread as built, which then exits with code 3 after a few checkpoints.
import { parentPort, workerData } from 'node:worker_threads';
import '../../../dist/event-store/sqlite-checkpoint-worker.js';

parentPort?.on('message', () => {});
setTimeout(() => process.exit(3), workerData.intervalMs * 2);
