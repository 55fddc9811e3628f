import {
  isPlainPictureName,
  StorageUnavailableError,
  type PictureStorage,
  type StorageDriverName,
  type StorageFailure,
  type StoredPicture,
} from "./storage.ts";

/** What a driver implements; guardStorage() adds names' checks, timeouts and the 503 errors around it. */
export interface StorageDriver {
  readonly driver: StorageDriverName;
  put(name: string, bytes: Buffer, contentType: string, signal: AbortSignal): Promise<void>;
  get(name: string, signal: AbortSignal): Promise<StoredPicture | null>;
  delete(name: string, signal: AbortSignal): Promise<void>;
  list(signal: AbortSignal): Promise<string[]>;
  /** Names a raw failure of this driver (down, refused credentials…) and an English line for the log. */
  explain(error: unknown): { failure: StorageFailure; detail: string };
  close(): Promise<void>;
}

export interface GuardOptions {
  /** Every call fails with a 503 after this long (a slow bucket must not hold a request for minutes). */
  timeoutMs: number;
  /** UPLOADS_PUBLIC_URL without its trailing slash, or undefined for /uploads/. */
  publicBaseUrl?: string;
}

/** Listing a whole bucket is many requests: it gets this many times the timeout. */
const LIST_TIMEOUT_FACTOR = 30;

class InvalidPictureNameError extends Error {
  constructor(name: unknown) {
    super(`not a plain picture name: ${JSON.stringify(name)}`);
  }
}

export function guardStorage(driver: StorageDriver, opts: GuardOptions): PictureStorage {
  async function run<T>(what: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(
          new StorageUnavailableError(
            "timeout",
            `picture storage (${driver.driver}): ${what} took longer than ${timeoutMs} ms (UPLOADS_TIMEOUT_MS)`,
          ),
        );
      }, timeoutMs);
    });
    try {
      return await Promise.race([call(controller.signal), timedOut]);
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      const { failure, detail } = driver.explain(error);
      throw new StorageUnavailableError(failure, `picture storage (${driver.driver}): ${what}: ${detail}`);
    } finally {
      clearTimeout(timer);
    }
  }
  const base = opts.publicBaseUrl?.replace(/\/+$/, "");

  return {
    driver: driver.driver,
    put(name, bytes, contentType) {
      if (!isPlainPictureName(name)) return Promise.reject(new InvalidPictureNameError(name));
      return run(`put ${name}`, opts.timeoutMs, (signal) => driver.put(name, bytes, contentType, signal));
    },
    get(name) {
      if (!isPlainPictureName(name)) return Promise.resolve(null);
      return run(`get ${name}`, opts.timeoutMs, (signal) => driver.get(name, signal));
    },
    delete(name) {
      if (!isPlainPictureName(name)) return Promise.reject(new InvalidPictureNameError(name));
      return run(`delete ${name}`, opts.timeoutMs, (signal) => driver.delete(name, signal));
    },
    list() {
      return run("list", opts.timeoutMs * LIST_TIMEOUT_FACTOR, (signal) => driver.list(signal));
    },
    publicUrl(name) {
      return `${base ?? "/uploads"}/${encodeURIComponent(name)}`;
    },
    close: () => driver.close(),
  };
}
