import { use, useEffect, useState, type ReactNode } from 'react';

/**
 * Runs `work` once the browser has painted the current frame: the next frame's callback
 * comes before that frame's paint, so the work waits for a task after it. Without
 * requestAnimationFrame (a page in the background), it runs in a task of its own.
 */
export function afterFirstPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(work, 0);
    });
  } else timer = setTimeout(work, 0);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** A module loaded once for the whole app, and what it gave (null until it is here). */
export interface Deferred<M> {
  readonly load: () => Promise<M>;
  module: M | null;
  loading: Promise<M> | null;
}

export function deferredModule<M>(load: () => Promise<M>): Deferred<M> {
  return { load, module: null, loading: null };
}

function start<M>(deferred: Deferred<M>): Promise<M> {
  deferred.loading ??= deferred.load().then(
    (module) => {
      deferred.module = module;
      return module;
    },
    (error: unknown) => {
      // A failed download is tried again by the next page that asks.
      deferred.loading = null;
      throw error;
    },
  );
  return deferred.loading;
}

/**
 * The module once it is here: asked for (when `wanted`) only after the page has painted what
 * it shows first, so its code is neither downloaded nor evaluated before that paint. Set as
 * state (an update of its own), not through a Suspense retry, which a busy first render can
 * hold back. A module already loaded (the page opened again) is there from the first render.
 */
export function useAfterFirstPaint<M>(deferred: Deferred<M>, wanted: boolean): M | null {
  const [module, setModule] = useState<M | null>(deferred.module);
  useEffect(() => {
    if (!wanted || module !== null) return;
    let live = true;
    const cancel = afterFirstPaint(() => {
      start(deferred).then(
        (loaded) => {
          if (live) setModule(() => loaded);
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [deferred, wanted, module]);
  return module;
}

/**
 * Runs `work` when the page is next idle, at most `timeout` ms later (in a task of its own where
 * the browser has no idle callbacks). Returns a cancel function.
 */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}

/**
 * False until the page has painted its first frame with this component and then been idle (or
 * `timeout` ms have passed): what a person does not see or need first waits for it.
 */
export function useIdleAfterFirstPaint(timeout = 1000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancelIdle: (() => void) | null = null;
    const cancelPaint = afterFirstPaint(() => {
      cancelIdle = whenIdle(() => setReady(true), timeout);
    });
    return () => {
      cancelPaint();
      cancelIdle?.();
    };
  }, [ready, timeout]);
  return ready;
}

/** Resolves once the browser has painted a frame after now (see `afterFirstPaint`). */
export function paintedPromise(): Promise<void> {
  return new Promise((resolve) => {
    afterFirstPaint(resolve);
  });
}

/**
 * Its children once `painted` has resolved, the nearest Suspense fallback until then: what
 * would load heavy code as it renders (a chart's drawing) waits for the frame that shows the
 * rest. `painted` must outlive this component's suspended renders (the parent's state).
 */
export function AfterPaint({ painted, children }: { readonly painted: Promise<void>; readonly children: ReactNode }) {
  use(painted);
  return children;
}
