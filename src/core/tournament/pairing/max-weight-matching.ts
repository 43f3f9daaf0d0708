/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm in its primal-dual
 * form (as described by Galil, "Efficient algorithms for finding maximum matching in graphs",
 * 1986), O(n³). Written for shinpan from the published description.
 *
 * Vocabulary: a top-level blossom is labelled S (outer, even distance from an exposed vertex in
 * the alternating forest), T (inner) or free. Ids 0..n-1 are the vertices themselves (trivial
 * blossoms), ids n..2n-1 are non-trivial blossoms, recycled once expanded.
 */

/** An undirected edge `[u, v, weight]` between vertices numbered from 0. */
export type WeightedEdge = readonly [u: number, v: number, weight: number];

const FREE = 0;
const S = 1;
const T = 2;
/** Temporary mark while tracing two tree paths towards their roots. */
const SEEN = 4;

/**
 * A maximum-weight matching of the graph: `mate[v]` is v's partner, or -1. Edges of weight ≤ 0
 * are never needed and may be left out. Weights should be integers below 2^50 so that every
 * dual stays exact in floating point.
 */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[]): Int32Array {
  checkGraph(vertexCount, edges);
  const solver = new BlossomSolver(vertexCount, edges, false);
  solver.run();
  return solver.mate;
}

/**
 * A perfect matching of the greatest total weight (weights of any sign), or `null` when the
 * graph has no perfect matching. Knowing that every vertex gets a partner lets the search start
 * from a greedy matching on tight edges, which saves most of the work on dense graphs.
 */
export function maxWeightPerfectMatching(vertexCount: number, edges: readonly WeightedEdge[]): Int32Array | null {
  checkGraph(vertexCount, edges);
  const solver = new BlossomSolver(vertexCount, edges, true);
  solver.run();
  return solver.mate.includes(-1) ? null : solver.mate;
}

function checkGraph(vertexCount: number, edges: readonly WeightedEdge[]): void {
  if (!Number.isInteger(vertexCount) || vertexCount < 0)
    throw new RangeError(`vertexCount: ${vertexCount} is not a count`);
  edges.forEach(([u, v, w], k) => {
    if (!Number.isInteger(u) || !Number.isInteger(v) || u < 0 || v < 0 || u >= vertexCount || v >= vertexCount) {
      throw new RangeError(`edges[${k}]: endpoints ${u}, ${v} are not vertices of a ${vertexCount}-vertex graph`);
    }
    if (u === v) throw new RangeError(`edges[${k}]: a loop on vertex ${u}`);
    if (!Number.isFinite(w)) throw new RangeError(`edges[${k}]: weight ${w} is not finite`);
  });
}

class BlossomSolver {
  readonly mate: Int32Array;
  private readonly n: number;
  private readonly eu: Int32Array;
  private readonly ev: Int32Array;
  /** Twice the input weights, so that the duals stay integers. */
  private readonly ew: Float64Array;
  private readonly adjStart: Int32Array;
  private readonly adjEdge: Int32Array;

  private readonly label: Uint8Array;
  /** For a labelled blossom (or a vertex reached inside a T-blossom): the vertex outside it on the edge that labelled it, -1 for a root. */
  private readonly labelFrom: Int32Array;
  /** The vertex inside the blossom on that same edge. */
  private readonly labelVia: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly parent: Int32Array;
  private readonly base: Int32Array;
  /** Sub-blossoms in cycle order, the base's sub-blossom first. */
  private readonly children: (number[] | null)[];
  /** Link i joins children i and i+1: `linkA[i]` lies in child i, `linkB[i]` in child i+1. */
  private readonly linkA: (number[] | null)[];
  private readonly linkB: (number[] | null)[];
  private readonly bestEdge: Int32Array;
  /** For an S-blossom: its least-slack edge towards each other S-blossom. */
  private readonly blossomBest: (number[] | null)[];
  private readonly dual: Float64Array;
  private readonly allowed: Uint8Array;
  private readonly unusedIds: number[] = [];
  private queue: number[] = [];
  private readonly bestTo: Int32Array;

  /**
   * Perfect mode: vertex duals are free (no stop when one reaches zero) and may start unequal,
   * which is sound because only a perfect matching is accepted as the answer.
   */
  private readonly perfect: boolean;

  constructor(n: number, edges: readonly WeightedEdge[], perfect: boolean) {
    this.n = n;
    this.perfect = perfect;
    const m = edges.length;
    this.eu = new Int32Array(m);
    this.ev = new Int32Array(m);
    this.ew = new Float64Array(m);
    const degree = new Int32Array(n + 1);
    let maxWeight = 0;
    edges.forEach(([u, v, w], k) => {
      this.eu[k] = u;
      this.ev[k] = v;
      this.ew[k] = 2 * w;
      degree[u]! += 1;
      degree[v]! += 1;
      if (2 * w > maxWeight) maxWeight = 2 * w;
    });
    this.adjStart = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) this.adjStart[v + 1] = this.adjStart[v]! + degree[v]!;
    this.adjEdge = new Int32Array(2 * m);
    const fill = this.adjStart.slice(0, n);
    for (let k = 0; k < m; k++) {
      this.adjEdge[fill[this.eu[k]!]!++] = k;
      this.adjEdge[fill[this.ev[k]!]!++] = k;
    }

    this.mate = new Int32Array(n).fill(-1);
    this.label = new Uint8Array(2 * n);
    this.labelFrom = new Int32Array(2 * n).fill(-1);
    this.labelVia = new Int32Array(2 * n).fill(-1);
    this.inBlossom = new Int32Array(n);
    for (let v = 0; v < n; v++) this.inBlossom[v] = v;
    this.parent = new Int32Array(2 * n).fill(-1);
    this.base = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.base[v] = v;
    this.children = new Array<number[] | null>(2 * n).fill(null);
    this.linkA = new Array<number[] | null>(2 * n).fill(null);
    this.linkB = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBest = new Array<number[] | null>(2 * n).fill(null);
    this.dual = new Float64Array(2 * n);
    if (perfect) this.greedyStart();
    else for (let v = 0; v < n; v++) this.dual[v] = maxWeight;
    this.allowed = new Uint8Array(m);
    for (let b = 2 * n - 1; b >= n; b--) this.unusedIds.push(b);
    this.bestTo = new Int32Array(2 * n).fill(-1);
  }

  /**
   * Feasible duals as low as they go (each vertex then has a tight edge), and a first matching
   * taken greedily from the tight edges.
   */
  private greedyStart(): void {
    const { n, eu, ev, ew, dual, adjStart, adjEdge, mate } = this;
    for (let v = 0; v < n; v++) {
      let top = -Infinity;
      for (let a = adjStart[v]!; a < adjStart[v + 1]!; a++) top = Math.max(top, ew[adjEdge[a]!]! / 2);
      dual[v] = top === -Infinity ? 0 : top;
    }
    for (let v = 0; v < n; v++) {
      let need = -Infinity;
      for (let a = adjStart[v]!; a < adjStart[v + 1]!; a++) {
        const k = adjEdge[a]!;
        need = Math.max(need, ew[k]! - dual[eu[k] === v ? ev[k]! : eu[k]!]!);
      }
      if (need !== -Infinity) dual[v] = need;
    }
    for (let v = 0; v < n; v++) {
      for (let a = adjStart[v]!; a < adjStart[v + 1]! && mate[v] === -1; a++) {
        const k = adjEdge[a]!;
        const w = eu[k] === v ? ev[k]! : eu[k]!;
        if (mate[w] === -1 && this.slack(k) === 0) {
          mate[v] = w;
          mate[w] = v;
        }
      }
    }
  }

  /** Stages of the search, one augmentation each, until no augmenting path is left or none pays. */
  run(): void {
    const n = this.n;
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(FREE);
      this.bestEdge.fill(-1);
      this.blossomBest.fill(null, n);
      this.allowed.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) {
        if (this.mate[v] === -1 && this.label[this.inBlossom[v]!] === FREE) this.assignLabel(v, S, -1);
      }
      const outcome = this.grow();
      if (outcome !== 'augmented') return;
      // Blossoms whose dual fell to zero are no longer needed: open them for the next stage.
      for (let b = n; b < 2 * n; b++) {
        if (this.base[b]! >= 0 && this.parent[b] === -1 && this.label[b] === S && this.dual[b] === 0)
          this.expand(b, true);
      }
    }
  }

  /** Grows the alternating forest, changing duals when stuck, until one augmentation or optimality. */
  private grow(): 'augmented' | 'optimal' | 'stuck' {
    for (;;) {
      while (this.queue.length > 0) {
        const v = this.queue.pop()!;
        if (this.scanVertex(v)) return 'augmented';
      }
      const step = this.nextDualStep();
      if (step.delta === Infinity) return 'stuck';
      if (step.kind === 1) return 'optimal';
      this.applyDualChange(step.delta);
      if (step.kind === 4) {
        this.expand(step.target, false);
        continue;
      }
      // The edge that just became tight is followed at once instead of rescanning its S end.
      const k = step.target;
      this.allowed[k] = 1;
      let v = this.eu[k]!;
      let w = this.ev[k]!;
      if (this.label[this.inBlossom[v]!] !== S) [v, w] = [w, v];
      if (this.inBlossom[v] !== this.inBlossom[w] && this.followTightEdge(v, w)) return 'augmented';
    }
  }

  /** Looks at every edge of S-vertex v; true when an augmenting path was found and used. */
  private scanVertex(v: number): boolean {
    const { eu, ev, ew, dual, inBlossom, label, allowed, bestEdge, adjEdge } = this;
    for (let a = this.adjStart[v]!, end = this.adjStart[v + 1]!; a < end; a++) {
      const k = adjEdge[a]!;
      const w = eu[k] === v ? ev[k]! : eu[k]!;
      if (inBlossom[v] === inBlossom[w]) continue;
      let slack = 0;
      if (!allowed[k]) {
        slack = dual[v]! + dual[w]! - ew[k]!;
        if (slack <= 0) allowed[k] = 1;
      }
      if (allowed[k]) {
        if (this.followTightEdge(v, w)) return true;
      } else if (label[inBlossom[w]!] === S) {
        const bv = inBlossom[v]!;
        if (bestEdge[bv] === -1 || slack < this.slack(bestEdge[bv]!)) bestEdge[bv] = k;
      } else if (label[w] === FREE) {
        if (bestEdge[w] === -1 || slack < this.slack(bestEdge[w]!)) bestEdge[w] = k;
      }
    }
    return false;
  }

  /** Extends the forest along tight edge (v, w), v being an S-vertex; true when it augmented. */
  private followTightEdge(v: number, w: number): boolean {
    const bw = this.inBlossom[w]!;
    if (this.label[bw] === FREE) {
      this.assignLabel(w, T, v);
    } else if (this.label[bw] === S) {
      const base = this.commonBase(v, w);
      if (base < 0) {
        this.augment(v, w);
        return true;
      }
      this.addBlossom(base, v, w);
    } else if (this.label[w] === FREE) {
      // w sits inside a T-blossom: remember how it was reached in case that blossom opens.
      this.label[w] = T;
      this.labelFrom[w] = v;
      this.labelVia[w] = w;
    }
    return false;
  }

  private slack(k: number): number {
    return this.dual[this.eu[k]!]! + this.dual[this.ev[k]!]! - this.ew[k]!;
  }

  private leaves(b: number, out: number[]): number[] {
    if (b < this.n) {
      out.push(b);
      return out;
    }
    for (const c of this.children[b]!) this.leaves(c, out);
    return out;
  }

  private assignLabel(w: number, t: number, from: number): void {
    const b = this.inBlossom[w]!;
    this.label[w] = t;
    this.label[b] = t;
    this.labelFrom[w] = from;
    this.labelFrom[b] = from;
    this.labelVia[w] = w;
    this.labelVia[b] = w;
    this.bestEdge[w] = -1;
    this.bestEdge[b] = -1;
    if (t === S) {
      this.leaves(b, this.queue);
    } else {
      // A T-blossom is always matched through its base; the partner becomes S.
      const baseVertex = this.base[b]!;
      this.assignLabel(this.mate[baseVertex]!, S, baseVertex);
    }
  }

  /** Walks up from two S-vertices; the base of their lowest common blossom, or -1 if the trees differ. */
  private commonBase(v: number, w: number): number {
    const marked: number[] = [];
    let base = -1;
    let a = v;
    let b = w;
    while (a !== -1 || b !== -1) {
      if (a !== -1) {
        const blossom = this.inBlossom[a]!;
        if (this.label[blossom]! & SEEN) {
          base = this.base[blossom]!;
          break;
        }
        this.label[blossom] = S | SEEN;
        marked.push(blossom);
        const from = this.labelFrom[blossom]!;
        a = from === -1 ? -1 : this.labelFrom[this.inBlossom[from]!]!;
      }
      if (b !== -1) [a, b] = [b, a];
    }
    for (const blossom of marked) this.label[blossom] = S;
    return base;
  }

  /** Shrinks the odd cycle closed by tight edge (v, w) into a new S-blossom. */
  private addBlossom(baseVertex: number, v: number, w: number): void {
    const { inBlossom, labelFrom, labelVia } = this;
    const baseBlossom = inBlossom[baseVertex]!;
    const b = this.unusedIds.pop()!;
    this.base[b] = baseVertex;
    this.parent[b] = -1;
    this.parent[baseBlossom] = b;

    // Tree path from each side up to the base blossom, as (sub-blossom, vertex in it, vertex in the next one up).
    const trace = (start: number) => {
      const blossoms: number[] = [];
      const inner: number[] = [];
      const outer: number[] = [];
      let c = inBlossom[start]!;
      while (c !== baseBlossom) {
        this.parent[c] = b;
        blossoms.push(c);
        inner.push(labelVia[c]!);
        outer.push(labelFrom[c]!);
        c = inBlossom[labelFrom[c]!]!;
      }
      return { blossoms, inner, outer };
    };
    const fromV = trace(v);
    const fromW = trace(w);
    const kids = [baseBlossom];
    const linkA: number[] = [];
    const linkB: number[] = [];
    for (let j = fromV.blossoms.length - 1; j >= 0; j--) {
      kids.push(fromV.blossoms[j]!);
      linkA.push(fromV.outer[j]!);
      linkB.push(fromV.inner[j]!);
    }
    linkA.push(v);
    linkB.push(w);
    for (let j = 0; j < fromW.blossoms.length; j++) {
      kids.push(fromW.blossoms[j]!);
      linkA.push(fromW.inner[j]!);
      linkB.push(fromW.outer[j]!);
    }
    this.children[b] = kids;
    this.linkA[b] = linkA;
    this.linkB[b] = linkB;

    this.label[b] = S;
    labelFrom[b] = labelFrom[baseBlossom]!;
    labelVia[b] = labelVia[baseBlossom]!;
    this.dual[b] = 0;
    for (const x of this.leaves(b, [])) {
      // Former T-vertices are S now and must be scanned.
      if (this.label[inBlossom[x]!] === T) this.queue.push(x);
      inBlossom[x] = b;
    }

    // Least-slack edges from the new blossom to each other S-blossom.
    const touched: number[] = [];
    const consider = (k: number) => {
      let j = this.ev[k]!;
      if (inBlossom[j] === b) j = this.eu[k]!;
      const bj = inBlossom[j]!;
      if (bj === b || this.label[bj] !== S) return;
      const current = this.bestTo[bj]!;
      if (current === -1) {
        touched.push(bj);
        this.bestTo[bj] = k;
      } else if (this.slack(k) < this.slack(current)) {
        this.bestTo[bj] = k;
      }
    };
    for (const c of kids) {
      const known = this.blossomBest[c];
      if (known) {
        for (const k of known) consider(k);
      } else {
        for (const x of c < this.n ? [c] : this.leaves(c, [])) {
          for (let a = this.adjStart[x]!, end = this.adjStart[x + 1]!; a < end; a++) consider(this.adjEdge[a]!);
        }
      }
      this.blossomBest[c] = null;
      this.bestEdge[c] = -1;
    }
    const best: number[] = [];
    let bestEdge = -1;
    for (const bj of touched) {
      const k = this.bestTo[bj]!;
      this.bestTo[bj] = -1;
      best.push(k);
      if (bestEdge === -1 || this.slack(k) < this.slack(bestEdge)) bestEdge = k;
    }
    this.blossomBest[b] = best;
    this.bestEdge[b] = bestEdge;
  }

  /** Flips the matching inside blossom b so that vertex v becomes its base. */
  private rebase(b: number, v: number): void {
    let t = v;
    while (this.parent[t] !== b) t = this.parent[t]!;
    if (t >= this.n) this.rebase(t, v);
    const kids = this.children[b]!;
    const la = this.linkA[b]!;
    const lb = this.linkB[b]!;
    const size = kids.length;
    const i = kids.indexOf(t);
    // Walk the even-length side of the cycle from child i to the base child, matching every second link.
    const forward = (i & 1) === 1;
    let j = i;
    while (j !== 0) {
      let x: number;
      let y: number;
      let near: number;
      let far: number;
      if (forward) {
        near = j + 1;
        far = (j + 2) % size;
        x = la[near]!;
        y = lb[near]!;
      } else {
        near = j - 1;
        far = j - 2;
        x = lb[far]!;
        y = la[far]!;
      }
      if (kids[near]! >= this.n) this.rebase(kids[near]!, x);
      if (kids[far]! >= this.n) this.rebase(kids[far]!, y);
      this.mate[x] = y;
      this.mate[y] = x;
      j = far;
    }
    this.children[b] = [...kids.slice(i), ...kids.slice(0, i)];
    this.linkA[b] = [...la.slice(i), ...la.slice(0, i)];
    this.linkB[b] = [...lb.slice(i), ...lb.slice(0, i)];
    this.base[b] = v;
  }

  /** Augments along the path through tight edge (v, w) joining two different trees. */
  private augment(v: number, w: number): void {
    for (const [start, partner] of [
      [v, w],
      [w, v],
    ] as const) {
      let s = start;
      let p = partner;
      for (;;) {
        const bs = this.inBlossom[s]!;
        if (bs >= this.n) this.rebase(bs, s);
        this.mate[s] = p;
        const t = this.labelFrom[bs]!;
        if (t === -1) break;
        const bt = this.inBlossom[t]!;
        s = this.labelFrom[bt]!;
        const j = this.labelVia[bt]!;
        if (bt >= this.n) this.rebase(bt, j);
        this.mate[j] = s;
        p = j;
      }
    }
  }

  /** Opens blossom b; mid-stage (a T-blossom whose dual reached zero) its children are relabelled. */
  private expand(b: number, endOfStage: boolean): void {
    const kids = this.children[b]!;
    for (const c of kids) {
      this.parent[c] = -1;
      if (c < this.n) this.inBlossom[c] = c;
      else if (endOfStage && this.dual[c] === 0) this.expand(c, true);
      else for (const x of this.leaves(c, [])) this.inBlossom[x] = c;
    }
    if (!endOfStage && this.label[b] === T) this.relabelOpenedT(b, kids);
    this.children[b] = null;
    this.linkA[b] = null;
    this.linkB[b] = null;
    this.blossomBest[b] = null;
    this.bestEdge[b] = -1;
    this.label[b] = FREE;
    this.base[b] = -1;
    this.unusedIds.push(b);
  }

  /**
   * The children on the even path from where b was entered to its base keep the tree going
   * (alternately T and S); the others become free unless one of their vertices was already
   * reached by a tight edge.
   */
  private relabelOpenedT(b: number, kids: number[]): void {
    const la = this.linkA[b]!;
    const lb = this.linkB[b]!;
    const size = kids.length;
    const entry = this.inBlossom[this.labelVia[b]!]!;
    let j = kids.indexOf(entry);
    const forward = (j & 1) === 1;
    let from = this.labelFrom[b]!;
    let via = this.labelVia[b]!;
    while (j !== 0) {
      this.assignLabel(via, T, from);
      if (forward) {
        from = la[j + 1]!;
        via = lb[j + 1]!;
        j = (j + 2) % size;
      } else {
        from = lb[j - 2]!;
        via = la[j - 2]!;
        j -= 2;
      }
    }
    const first = kids[0]!;
    this.label[via] = T;
    this.label[first] = T;
    this.labelFrom[via] = from;
    this.labelFrom[first] = from;
    this.labelVia[via] = via;
    this.labelVia[first] = via;
    this.bestEdge[first] = -1;
    const step = forward ? 1 : size - 1;
    for (let i = step % size; kids[i] !== entry; i = (i + step) % size) {
      const c = kids[i]!;
      if (this.label[c] === S) continue;
      const reached = this.leaves(c, []).find((x) => this.label[x] !== FREE);
      if (reached !== undefined) this.assignLabel(reached, T, this.labelFrom[reached]!);
    }
  }

  private nextDualStep(): { kind: 1 | 2 | 3 | 4; delta: number; target: number } {
    const n = this.n;
    let kind: 1 | 2 | 3 | 4 = 1;
    let target = -1;
    let delta = Infinity;
    if (!this.perfect) for (let v = 0; v < n; v++) if (this.dual[v]! < delta) delta = this.dual[v]!;
    for (let v = 0; v < n; v++) {
      const k = this.bestEdge[v]!;
      if (k !== -1 && this.label[this.inBlossom[v]!] === FREE) {
        const d = this.slack(k);
        if (d < delta) {
          delta = d;
          kind = 2;
          target = k;
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      const k = this.bestEdge[b]!;
      if (k !== -1 && this.parent[b] === -1 && this.label[b] === S && this.base[b]! >= 0) {
        const d = this.slack(k) / 2;
        if (d < delta) {
          delta = d;
          kind = 3;
          target = k;
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (this.base[b]! >= 0 && this.parent[b] === -1 && this.label[b] === T && this.dual[b]! < delta) {
        delta = this.dual[b]!;
        kind = 4;
        target = b;
      }
    }
    return { kind, delta, target };
  }

  private applyDualChange(delta: number): void {
    const n = this.n;
    for (let v = 0; v < n; v++) {
      const l = this.label[this.inBlossom[v]!];
      if (l === S) this.dual[v]! -= delta;
      else if (l === T) this.dual[v]! += delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if (this.base[b]! < 0 || this.parent[b] !== -1) continue;
      if (this.label[b] === S) this.dual[b]! += delta;
      else if (this.label[b] === T) this.dual[b]! -= delta;
    }
  }
}
