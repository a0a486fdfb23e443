/**
 * Runs the work handed to it one at a time, in the order it was handed, whoever hands it: a
 * failure is the caller's and does not stop the next.
 */
export function serializer(): <T>(work: () => Promise<T>) => Promise<T> {
  let exclusive: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = exclusive.then(work, work);
    exclusive = next.catch(() => undefined);
    return next;
  };
}
