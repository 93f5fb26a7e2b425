import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';

type Logic = Parameters<typeof getShortestPaths>[0];
type Options = NonNullable<Parameters<typeof getShortestPaths>[1]>;
type Paths = ReturnType<typeof getShortestPaths>;

/**
 * Transition coverage for the machines' path tests: one path per transition the traversal finds,
 * made of the shortest path to the state it leaves and that one step. Every edge is walked once,
 * where every simple path walks the same edges again and again (the auth machine's 1,000-odd
 * simple paths took a quarter of the unit tests' time, issue 18). `serializeState` must read the
 * snapshot alone (not the event or the state before), as the shortest paths are matched by it.
 */
export function getTransitionPaths(
  logic: Logic,
  options: Options & { serializeState: (snapshot: never) => string },
): Paths {
  const serialize = options.serializeState as (snapshot: unknown) => string;
  const shortest = new Map(getShortestPaths(logic, options).map((path) => [serialize(path.state), path]));
  const paths: Paths = [];
  for (const [key, from] of Object.entries(transitionsOf(logic, options))) {
    const head = shortest.get(key);
    if (!head) throw new Error(`No shortest path reaches ${key}: serializeState must read the snapshot alone`);
    for (const { event, state } of from) {
      paths.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 } as Paths[number]);
    }
  }
  return paths;
}

type Transition = { event: { type: string }; state: unknown };

/**
 * The transitions the machine takes from each state the traversal reaches. The adjacency map
 * also lists every event a state ignores (it "moves" to itself): those are dropped, by asking the
 * snapshot whether it can take the event (its guards included).
 */
export function transitionsOf(logic: Logic, options: Options): Record<string, Transition[]> {
  const adjacency = getAdjacencyMap(logic as never, options as never) as unknown as Record<
    string,
    { state: { can: (event: Transition['event']) => boolean }; transitions: Record<string, Transition> }
  >;
  return Object.fromEntries(
    Object.entries(adjacency).map(([key, { state: from, transitions }]) => [
      key,
      Object.values(transitions).filter(({ event }) => from.can(event)),
    ]),
  );
}
