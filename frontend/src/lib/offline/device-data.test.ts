import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { outboxCleared } from '../outbox/outbox-slice';
import { readAnswer, reopenDeviceCopy, saveAnswer } from './answers';
import { inTransaction, request, storedUserIds } from './db';
import { bindDeviceData, forgetDeviceAnswers, wipeDeviceData } from './device-data';
import { deviceCopyCleared } from './network-slice';

const answer = {
  key: 'queries/dashboard',
  data: { month: '2026-11' },
  savedAt: '2026-11-27T08:00:00.000Z',
  position: null,
};

function store() {
  const dispatched: string[] = [];
  bindDeviceData((action) => {
    dispatched.push(action.type);
    return action;
  });
  return dispatched;
}

describe('wiping the device', () => {
  it('deletes the user’s database and clears what the screens hold, leaving other users alone', async () => {
    const dispatched = store();
    await saveAnswer('wipe-alice', answer);
    await saveAnswer('wipe-bob', answer);
    await wipeDeviceData('wipe-alice');
    const left = await storedUserIds();
    expect(left).not.toContain('wipe-alice');
    expect(left).toContain('wipe-bob');
    expect(dispatched).toEqual([outboxCleared().type, deviceCopyCleared().type, 'api/resetApiState']);
  });

  it('keeps late answers of the signed-out user from bringing the database back', async () => {
    store();
    await saveAnswer('wipe-carol', answer);
    const wiping = wipeDeviceData('wipe-carol');
    expect(await saveAnswer('wipe-carol', answer)).toBe(false);
    await wiping;
    expect(await storedUserIds()).not.toContain('wipe-carol');
  });

  it('forgets a revoked session’s answers and keeps its outbox, read again once the user is back', async () => {
    store();
    await saveAnswer('wipe-dave', answer);
    await inTransaction('wipe-dave', 'outbox', 'readwrite', (tx) =>
      request(tx.objectStore('outbox').add({ name: 'AddTransaction', body: { commandId: 'c1' } })),
    );
    await forgetDeviceAnswers('wipe-dave');
    reopenDeviceCopy('wipe-dave');
    expect(await readAnswer('wipe-dave', 'queries/dashboard')).toBeNull();
    const outbox = await inTransaction('wipe-dave', 'outbox', 'readonly', (tx) =>
      request(tx.objectStore('outbox').count()),
    );
    expect(outbox).toBe(1);
  });
});
