import { describe, expect, it } from 'vitest';
import { isPlentyEventType } from './registry.js';
import {
  EVENT_SCHEMA_VERSIONS,
  UPCASTERS,
  UnsupportedSchemaVersionError,
  Upcasters,
  schemaVersionOf,
} from './upcast.js';

const rename = new Upcasters({ GoalAdded: 3 }, [
  { type: 'GoalAdded', from: 1, up: ({ title, ...rest }) => ({ ...rest, name: title }) },
  { type: 'GoalAdded', from: 2, up: ({ deadline, ...rest }) => ({ ...rest, targetDate: deadline }) },
]);

describe('upcasters', () => {
  it('bring data of any older version to the current shape one step at a time', () => {
    expect(rename.upcast('GoalAdded', 1, { title: 'Bike', deadline: '2027-01-31' })).toEqual({
      name: 'Bike',
      targetDate: '2027-01-31',
    });
    expect(rename.upcast('GoalAdded', 2, { name: 'Bike', deadline: '2027-01-31' })).toEqual({
      name: 'Bike',
      targetDate: '2027-01-31',
    });
  });

  it('leave data of the current version as it is', () => {
    const data = { name: 'Bike', targetDate: '2027-01-31' };
    expect(rename.isOutdated('GoalAdded', 3)).toBe(false);
    expect(rename.upcast('GoalAdded', 3, data)).toBe(data);
  });

  it('refuse a version newer than the code, zero, or one with no way up', () => {
    expect(() => rename.upcast('GoalAdded', 4, {})).toThrow(UnsupportedSchemaVersionError);
    expect(() => rename.upcast('GoalAdded', 0, {})).toThrow(UnsupportedSchemaVersionError);
    const gap = new Upcasters({ GoalAdded: 3 }, [{ type: 'GoalAdded', from: 2, up: (data) => ({ ...data }) }]);
    expect(() => gap.upcast('GoalAdded', 1, {})).toThrow(/no upcaster/);
  });

  it('refuse two upcasters for one step, or one for a version that is not older', () => {
    const step = { type: 'GoalAdded', from: 1, up: (data: Readonly<Record<string, unknown>>) => ({ ...data }) };
    expect(() => new Upcasters({ GoalAdded: 2 }, [step, step])).toThrow(/two upcasters/);
    expect(() => new Upcasters({ GoalAdded: 1 }, [step])).toThrow(/no older version/);
  });

  it('know a type that never changed as version 1', () => {
    expect(rename.currentVersionOf('TransactionAdded')).toBe(1);
    expect(schemaVersionOf('TransactionAdded')).toBe(1);
  });

  it('cover every step of every evolved event type of the product', () => {
    for (const [type, version] of Object.entries(EVENT_SCHEMA_VERSIONS)) {
      expect(isPlentyEventType(type), type).toBe(true);
      for (let from = 1; from < version; from += 1)
        expect(
          UPCASTERS.some((u) => u.type === type && u.from === from),
          `${type}@${from}`,
        ).toBe(true);
    }
  });
});
