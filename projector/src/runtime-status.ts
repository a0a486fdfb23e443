import { START, type Position } from '@plenty/platform/event-store/port';
import type { Projection } from '@plenty/projections/projection';
import type { ProjectionStatus } from './runtime-api.js';
import type { ShadowProgress } from './runtime-shadow.js';

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

/** Where the projector stands: what `projectionStatuses` reads. */
export interface ProjectorState {
  /** The projections waiting for their rebuild in shadow views. */
  readonly stale: readonly Projection[];
  /** The rebuild running, if any. */
  readonly rebuilding: ShadowProgress | null;
  /** Events applied by the live batches since start. */
  readonly liveApplied: number;
  /** The position the live views have reached. */
  readonly position: Position;
}

/** Per projection, whether its views are current or being rebuilt, with the progress. */
export function projectionStatuses(projections: readonly Projection[], state: ProjectorState): ProjectionStatus[] {
  const rebuilding = state.rebuilding;
  return projections.map((projection): ProjectionStatus => {
    const base = {
      name: projection.name,
      version: projection.version ?? 1,
      views: projection.views.map((view) => view.name),
    };
    if (!state.stale.includes(projection)) {
      return {
        ...base,
        state: 'current',
        applied: state.liveApplied,
        total: null,
        percent: null,
        position: state.position,
      };
    }
    const applied = rebuilding?.applied ?? 0;
    const total = rebuilding?.total ?? null;
    return {
      ...base,
      state: 'rebuilding',
      applied,
      total,
      percent: total === null ? null : total === 0 ? 100 : Math.min(100, Math.floor((applied * 1000) / total) / 10),
      position: rebuilding?.position ?? START,
      ...(rebuilding?.error === undefined ? {} : { error: rebuilding.error }),
    };
  });
}
