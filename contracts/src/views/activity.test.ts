import { describe, expect, it } from 'vitest';
import { activityQuerySchema } from './activity.js';

describe('activity query', () => {
  it('accepts a subject id in any case and keeps it in lower case', () => {
    const id = '0192F0C4-7A1B-7C3D-8E4F-00000000A001';
    expect(activityQuerySchema.parse({ subjectId: id }).subjectId).toBe(id.toLowerCase());
  });
});
