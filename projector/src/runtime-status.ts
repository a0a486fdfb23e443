import type { ProjectionStatus } from './runtime-api.js';

/** What `/readyz` says about the read models: which views are current, which are being rebuilt and how far. */
export interface ReadModelsReadiness {
  readonly current: readonly string[];
  readonly rebuilding: readonly {
    readonly projection: string;
    readonly version: number;
    readonly views: readonly string[];
    readonly applied: number;
    readonly total: number | null;
    readonly percent: number | null;
    readonly position: string;
    readonly error?: string;
  }[];
  /**
   * Users whose event a projection could not apply: their views of it answer
   * `view_quarantined` until a rebuild applies the event (see quarantine.ts).
   */
  readonly quarantinedUsers: number;
}

/**
 * The read models' part of a readiness answer. A rebuild does not make the service unready:
 * the old views serve until the rebuilt ones replace them; nor do quarantined users: everyone
 * else's views keep up.
 */
export function readModelsReadiness(
  status: readonly ProjectionStatus[],
  quarantinedUsers: number,
): ReadModelsReadiness {
  return {
    quarantinedUsers,
    current: status.filter((s) => s.state === 'current').flatMap((s) => s.views),
    rebuilding: status
      .filter((s) => s.state === 'rebuilding')
      .map((s) => ({
        projection: s.name,
        version: s.version,
        views: s.views,
        applied: s.applied,
        total: s.total,
        percent: s.percent,
        position: s.position,
        ...(s.error === undefined ? {} : { error: s.error }),
      })),
  };
}
