/**
 * Runs at most `size` tasks at once; the rest wait in line. Used where each
 * task holds a lot of memory (password hashing, image processing).
 */
export class Semaphore {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next in line.
    if (this.#running >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
