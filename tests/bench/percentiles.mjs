// Shared by the benchmarks: the count, median, 95th percentile and maximum of
// a list of times (nearest-rank, no interpolation).

export function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { count: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}
