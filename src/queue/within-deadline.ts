/**
 * `body`, or a rejection `no answer within N s` once `ms` have passed — whichever comes
 * first. Every wait on Redis goes through it: a Redis that stops answering (frozen, a
 * network partition) keeps TCP open, so nothing else would ever end the wait.
 */
export async function withinDeadline<T>(body: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      body,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
