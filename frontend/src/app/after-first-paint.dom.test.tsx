import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import {
  AfterPaint,
  deferredModule,
  paintedPromise,
  useAfterFirstPaint,
  useIdleAfterFirstPaint,
} from './after-first-paint';

/** Frames and idle periods run when the test says (the browser paints between a frame and the next task). */
let frames: FrameRequestCallback[] = [];
let idles: IdleRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  idles = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const paintFrame = () =>
  act(() => {
    frames.splice(0).forEach((callback) => callback(0));
    vi.runOnlyPendingTimers();
  });

function Later({ deferred }: { readonly deferred: ReturnType<typeof deferredModule<{ Rest: () => string }>> }) {
  const module = useAfterFirstPaint(deferred, true);
  return <p data-testid="rest">{module === null ? 'held' : module.Rest()}</p>;
}

describe('code that waits for the first paint', () => {
  it('is asked for only once a frame is painted, shows once it is here, and is there at once the next time', async () => {
    const load = vi.fn(async () => ({ Rest: () => 'the rest' }));
    const deferred = deferredModule(load);
    const first = render(<Later deferred={deferred} />);
    expect(screen.getByTestId('rest').textContent).toBe('held');
    expect(load).not.toHaveBeenCalled();
    paintFrame();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    expect(screen.getByTestId('rest').textContent).toBe('the rest');
    first.unmount();

    render(<Later deferred={deferred} />);
    expect(screen.getByTestId('rest').textContent).toBe('the rest');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is asked for again by the next page when its download failed', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Rest: () => 'the rest' });
    const deferred = deferredModule<{ Rest: () => string }>(load);
    const first = render(<Later deferred={deferred} />);
    paintFrame();
    await act(async () => undefined);
    expect(screen.getByTestId('rest').textContent).toBe('held');
    first.unmount();
    render(<Later deferred={deferred} />);
    paintFrame();
    await act(async () => undefined);
    expect(screen.getByTestId('rest').textContent).toBe('the rest');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

function Idle() {
  return <p data-testid="idle">{useIdleAfterFirstPaint() ? 'idle' : 'busy'}</p>;
}

describe('what waits for the page to be idle after its first paint', () => {
  it('mounts neither on the first render nor right after the paint, but once the page is idle', async () => {
    render(<Idle />);
    expect(screen.getByTestId('idle').textContent).toBe('busy');
    expect(idles).toHaveLength(0);
    paintFrame();
    expect(screen.getByTestId('idle').textContent).toBe('busy');
    expect(idles).toHaveLength(1);
    act(() => idles.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 10 })));
    expect(screen.getByTestId('idle').textContent).toBe('idle');
  });
});

describe('a part drawn after the first paint', () => {
  it('shows its Suspense fallback in the first frame and its children once that frame is painted', async () => {
    const painted = paintedPromise();
    await act(async () => {
      render(
        <Suspense fallback={<p data-testid="held">held</p>}>
          <AfterPaint painted={painted}>
            <p data-testid="drawing">drawing</p>
          </AfterPaint>
        </Suspense>,
      );
    });
    expect(screen.getByTestId('held')).toBeDefined();
    expect(screen.queryByTestId('drawing')).toBeNull();
    paintFrame();
    // React shows what was suspended in a later task of its own (on the test's clock here).
    await act(async () => {
      await painted;
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('drawing')).toBeDefined();
    expect(screen.queryByTestId('held')).toBeNull();
  });
});
