// Keeps drafts:set-photos apart from the calls that add photos. set-photos keeps exactly the photos
// it names, so one that main runs while a photo is being added would delete that new photo: it was
// not yet known when the order was sent. Adds may run side by side; a set-photos waits until the
// adds already sent are answered, and holds back new ones until it is answered itself. Each call's
// `run` takes in main's answer before it returns, and a set-photos works out its ids inside its
// `run`, from the newest draft, so they name every photo added before it.
export class PhotoCallGate {
  private readonly adds = new Set<Promise<unknown>>();
  private sets: Promise<unknown> = Promise.resolve();
  private setsWaiting = 0;

  /** Runs a call that adds photos once no set-photos is waiting or running. */
  async add<T>(run: () => Promise<T>): Promise<T> {
    while (this.setsWaiting > 0) await this.sets.catch(() => undefined);
    const call = run();
    this.adds.add(call);
    try {
      return await call;
    } finally {
      this.adds.delete(call);
    }
  }

  /** Runs a set-photos call after the adds in flight and the set-photos before it. */
  set<T>(run: () => Promise<T>): Promise<T> {
    this.setsWaiting += 1;
    const call = this.sets
      .catch(() => undefined)
      .then(async () => {
        while (this.adds.size > 0) await Promise.allSettled([...this.adds]);
        return run();
      })
      .finally(() => {
        this.setsWaiting -= 1;
      });
    this.sets = call;
    return call;
  }
}
