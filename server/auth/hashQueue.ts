/**
 * A bounded queue for password hashing. scrypt runs on libuv's thread pool (4 threads), which file
 * reads share: unbounded, a login flood would hold every thread and stall static files and other
 * API calls. At most HASH_CONCURRENCY hashes run at once and at most HASH_QUEUE_MAX wait; beyond
 * that the caller is told to come back (`QueueFull`).
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_MAX = 32;

export class QueueFull extends Error {
  override readonly name = "QueueFull";
}

export interface WorkQueue {
  /** Runs `task` when a slot frees; throws QueueFull at once when too many wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly full: boolean;
  /** Tasks running now. */
  readonly active: number;
}

export function createWorkQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    const start = waiting.shift();
    if (start) {
      running++;
      start();
    }
  };
  return {
    get active() {
      return running;
    },
    get full() {
      return running >= concurrency && waiting.length >= maxWaiting;
    },
    async run(task) {
      if (running < concurrency) running++;
      else if (waiting.length >= maxWaiting) throw new QueueFull();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        next();
      }
    },
  };
}

/** The one queue every password check and hash of this process goes through. */
export const passwordQueue = createWorkQueue(HASH_CONCURRENCY, HASH_QUEUE_MAX);
