import CFFTWBaseline

/// Heap allocations counted in this process by the benchmark's own `malloc` family
/// (`Benchmarks/CFFTWBaseline/allocation_counter.c`): every allocation of every library and
/// thread, including the Swift runtime's. It runs in the normal benchmark, so each matrix cell
/// reports its allocations per operation without valgrind.
enum AllocationCounter {
    /// Allocations since the process started.
    static var count: UInt64 { locomotion_allocation_count() }

    /// Whether allocating a Swift array moves the count (false off glibc, where the hook is not
    /// installed): only then are counts reported.
    static let isAvailable: Bool = {
        let before = count
        blackHole([Double](repeating: 1, count: 1_000))
        return count > before
    }()

    /// The allocations `body` makes.
    static func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = count
        try body()
        return count &- before
    }
}
