const WIDTH = 30;

/** One line of a text progress bar: bar, count, rate and time left. */
export function progressLine(progress: { applied: number; total: number | null }, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (progress.applied * 1000) / elapsedMs : 0;
  const rateText = `${Math.round(rate).toLocaleString('en')} events/s`;
  if (progress.total === null || progress.total === 0)
    return `${progress.applied.toLocaleString('en')} events, ${rateText}`;
  const fraction = Math.min(1, progress.applied / progress.total);
  const filled = Math.round(fraction * WIDTH);
  const etaSeconds = rate > 0 ? Math.max(0, (progress.total - progress.applied) / rate) : 0;
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(1)}% ` +
    `${progress.applied.toLocaleString('en')}/${progress.total.toLocaleString('en')} ${rateText}, ETA ${etaSeconds.toFixed(0)} s`
  );
}
