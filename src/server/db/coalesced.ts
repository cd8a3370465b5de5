/**
 * Work coalesced per turn of the event loop (decisions 0029 and 0030): the items asked for while the server
 * handles one batch of incoming requests are sent together in one statement, once that batch has been
 * handled. Each caller gets the result of its own item, or undefined. A statement is only ever sent after
 * every request it answers arrived, so it sees everything committed before those requests: coalescing
 * shares round trips, never answers read earlier.
 */
export class CoalescedBatch<Item, Result> {
  readonly #send: (items: Item[]) => Promise<(Result | undefined)[]>;
  readonly #alone: ((item: Item) => Promise<Result | undefined>) | undefined;
  readonly #maxItems: number;
  #waiting: Waiter<Item, Result>[] = [];

  /**
   * `send` does the work of the given items (at most `maxItems`) in one statement and gives their results in
   * the same order. When it fails and `alone` is given, each item is done again by itself with `alone`, so
   * that one item's failure is its own caller's only; without `alone`, every caller of the batch gets the error.
   */
  constructor(options: {
    send: (items: Item[]) => Promise<(Result | undefined)[]>;
    alone?: (item: Item) => Promise<Result | undefined>;
    maxItems?: number;
  }) {
    this.#send = options.send;
    this.#alone = options.alone;
    this.#maxItems = options.maxItems ?? 500;
  }

  add(item: Item): Promise<Result | undefined> {
    return new Promise((resolve, reject) => {
      // After the I/O callbacks of this turn of the event loop: every request read in it has asked by then.
      if (this.#waiting.length === 0) setImmediate(() => this.#sendWaiting());
      this.#waiting.push({ item, resolve, reject });
    });
  }

  #sendWaiting(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (let start = 0; start < waiting.length; start += this.#maxItems) {
      void this.#sendBatch(waiting.slice(start, start + this.#maxItems));
    }
  }

  async #sendBatch(batch: Waiter<Item, Result>[]): Promise<void> {
    let results: (Result | undefined)[];
    try {
      results = await this.#send(batch.map((waiter) => waiter.item));
    } catch (error) {
      const alone = this.#alone;
      for (const waiter of batch) {
        if (alone) alone(waiter.item).then(waiter.resolve, waiter.reject);
        else waiter.reject(error);
      }
      return;
    }
    for (const [index, waiter] of batch.entries()) waiter.resolve(results[index]);
  }
}

/**
 * Lookups by key, coalesced (decision 0029): each distinct key asked for in one turn is looked up once, in
 * one statement with the others.
 */
export class CoalescedLookup<Row> {
  readonly #batch: CoalescedBatch<string, Row>;

  /** `lookUp` reads the rows of the given keys (distinct, at most `maxKeys`) in one statement. */
  constructor(lookUp: (keys: string[]) => Promise<Map<string, Row>>, maxKeys = 500) {
    this.#batch = new CoalescedBatch({
      send: async (keys) => {
        const rows = await lookUp([...new Set(keys)]);
        return keys.map((key) => rows.get(key));
      },
      maxItems: maxKeys,
    });
  }

  get(key: string): Promise<Row | undefined> {
    return this.#batch.add(key);
  }
}

interface Waiter<Item, Result> {
  item: Item;
  resolve: (result: Result | undefined) => void;
  reject: (error: unknown) => void;
}
