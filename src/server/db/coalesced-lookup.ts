/**
 * Lookups by key, coalesced: the keys asked for while the server handles one batch of incoming requests are
 * looked up together in one statement, sent once that batch has been handled (decision 0029). Each caller
 * gets the row of its own key, or undefined. A statement is only ever sent after every request it answers
 * arrived, so it sees everything committed before those requests: coalescing shares round trips, never
 * answers read earlier.
 */
export class CoalescedLookup<Row> {
  readonly #lookUp: (keys: string[]) => Promise<Map<string, Row>>;
  readonly #maxKeys: number;
  #waiting = new Map<string, Waiter<Row>[]>();
  #scheduled = false;

  /** `lookUp` reads the rows of the given keys (distinct, at most `maxKeys`) in one statement. */
  constructor(lookUp: (keys: string[]) => Promise<Map<string, Row>>, maxKeys = 500) {
    this.#lookUp = lookUp;
    this.#maxKeys = maxKeys;
  }

  get(key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(key, [{ resolve, reject }]);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // After the I/O callbacks of this turn of the event loop: every request read in it has asked by then.
    setImmediate(() => this.#send());
  }

  #send(): void {
    this.#scheduled = false;
    let batch = this.#waiting;
    this.#waiting = new Map();
    if (batch.size > this.#maxKeys) {
      const keys = [...batch.keys()];
      for (const key of keys.slice(this.#maxKeys)) {
        this.#waiting.set(key, batch.get(key)!);
      }
      batch = new Map(keys.slice(0, this.#maxKeys).map((key) => [key, batch.get(key)!]));
      this.#schedule();
    }
    this.#lookUp([...batch.keys()]).then(
      (rows) => {
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(rows.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}

interface Waiter<Row> {
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}
