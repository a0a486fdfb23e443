// The checkpoint thread as built, which then crashes (an uncaught error) after a few checkpoints.
import { parentPort, workerData } from 'node:worker_threads';
import '../../../dist/event-store/sqlite-checkpoint-worker.js';

parentPort?.on('message', () => {});
setTimeout(() => {
  throw new Error('the checkpoint thread crashed');
}, workerData.intervalMs * 2);
