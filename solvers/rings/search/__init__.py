"""The search methods `puzzleviz solve rings --method` offers (methods: `solve` and one
function per method), the numba kernels they share (kernels: rotations, goal test, keys;
nodes: the node store and heap; heuristics and the admissible pattern databases of pdb),
the graph searches (graphsearch: bfs, best-first, A*) and the depth-first ones (depthfirst:
dfs, iddfs, IDA*), what a search returns (results), its solution played into a trace
(replay) and a search run on a thread for a live window (background)."""
