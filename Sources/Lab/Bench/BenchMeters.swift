/// What the benchmarks read of the process, supplied by the host (library code reads no clock):
/// the executable passes its monotonic clock, its thread's CPU clock and its resident memory;
/// tests pass fakes.
package struct BenchMeters {
    /// Wall-clock time, nanoseconds from any fixed origin (monotonic).
    package var wallNanoseconds: () -> UInt64
    /// This thread's CPU time, nanoseconds. The physics and frame rows use it (and so does
    /// `bench/box2d_baseline.cpp`): on a shared 2-core machine, time the process spends waiting
    /// for a core would otherwise count as work.
    package var cpuNanoseconds: () -> UInt64
    /// The process's resident memory, bytes (0 where it cannot be read).
    package var residentBytes: () -> Int

    /// Meters as given.
    package init(wallNanoseconds: @escaping () -> UInt64, cpuNanoseconds: @escaping () -> UInt64,
                 residentBytes: @escaping () -> Int = { 0 }) {
        self.wallNanoseconds = wallNanoseconds
        self.cpuNanoseconds = cpuNanoseconds
        self.residentBytes = residentBytes
    }
}
