import Foundation

/// One-call real FFTs for code that is not a hot loop. Plans are made once per length and
/// cached (see ``plan(count:rigor:)``); for the tightest loops hold a ``RealFFTPlan`` and call it with
/// your own buffers instead, which allocates nothing.
///
/// All functions are thread-safe.
public enum FFT {
    /// The forward transform of `samples`: `samples.count / 2 + 1` complex bins, unnormalised.
    ///
    /// - Returns: An empty array for empty input.
    /// - Throws: `DSPError.planCreationFailed` when FFTW cannot plan this length.
    /// - Complexity: O(*n* log *n*), plus planning on the first call for a length.
    public static func forward(_ samples: [Double]) throws(DSPError) -> [ComplexDouble] {
        guard !samples.isEmpty else { return [] }
        return try plan(count: samples.count).forward(samples)
    }

    /// The inverse transform of a one-sided spectrum back to `count` real samples, divided by
    /// `count` so that `inverse(forward(x), count: x.count) == x` up to rounding.
    ///
    /// - Parameters:
    ///   - bins: `count / 2 + 1` bins.
    ///   - count: The length of the real signal; needed because both `2m − 2` and `2m − 1`
    ///     samples have `m` bins.
    /// - Throws: `DSPError.invalidParameter` when `bins.count != count / 2 + 1`.
    /// - Complexity: O(*n* log *n*), plus planning on the first call for a length.
    public static func inverse(_ bins: [ComplexDouble], count: Int) throws(DSPError) -> [Double] {
        guard count >= 1, bins.count == count / 2 + 1 else {
            throw .invalidParameter(
                name: "bins.count", value: "\(bins.count)",
                requirement: "it must be \(max(count, 0) / 2 + 1); a real signal of \(count) samples has that many bins"
            )
        }
        return try plan(count: count).inverse(bins)
    }

    /// The forward transform of `samples` written into `bins`, which is resized to
    /// `samples.count / 2 + 1` only when its size differs: a caller that reuses `bins` allocates
    /// nothing after the first call.
    ///
    /// - Throws: `DSPError.planCreationFailed` when FFTW cannot plan this length.
    /// - Complexity: O(*n* log *n*), plus planning on the first call for a length.
    public static func forward(_ samples: [Double], into bins: inout [ComplexDouble]) throws(DSPError) {
        guard !samples.isEmpty else {
            bins.removeAll(keepingCapacity: true)
            return
        }
        let plan = try plan(count: samples.count)
        if bins.count != plan.binCount { bins = [ComplexDouble](repeating: .zero, count: plan.binCount) }
        samples.withUnsafeBufferPointer { input in
            bins.withUnsafeMutableBufferPointer { plan.forward(input, into: $0) }
        }
    }

    /// The cached plan for `count` samples, created on first use.
    ///
    /// The cache keeps the ``cacheCapacity`` most recently used (length, rigor) pairs. A request
    /// is served only by a plan of exactly its rigor: plans of different rigor may use different
    /// algorithms, whose results differ in the last bits, and a caller's results must not depend
    /// on what other code asked for first. An evicted plan stays valid for as long as a caller
    /// holds it.
    ///
    /// - Parameters:
    ///   - count: Samples per transform, `1...Int32.max`.
    ///   - rigor: The planning rigor; `.estimate` plans in microseconds, `.measure` (tens of
    ///     milliseconds per length and direction, once per process thanks to FFTW's wisdom) finds
    ///     plans up to twice as fast for lengths such as 256.
    /// - Throws: As ``RealFFTPlan/init(count:rigor:)``.
    /// - Complexity: A short scan of the most recently used plans under a lock (the last-used
    ///   length is found first); planning on a miss, outside that lock.
    public static func plan(count: Int, rigor: FFTPlanningRigor = .estimate) throws(DSPError) -> RealFFTPlan {
        if let cached = PlanCache.shared.plan(count: count, rigor: rigor) { return cached }
        let plan = try RealFFTPlan(count: count, rigor: rigor)
        return PlanCache.shared.insert(plan)
    }

    /// How many transform lengths the convenience API keeps plans for.
    public static let cacheCapacity = 64
}

/// Plans ordered from most to least recently used. A loop over one length hits the first
/// entry, which is cheaper than hashing into a dictionary.
private final class PlanCache: @unchecked Sendable {
    static let shared = PlanCache()

    private let lock = NSLock()
    private var plans: [RealFFTPlan] = []

    func plan(count: Int, rigor: FFTPlanningRigor) -> RealFFTPlan? {
        lock.withLock {
            guard let index = plans.firstIndex(where: { $0.count == count && $0.rigor == rigor }) else { return nil }
            if index > 0 { plans.insert(plans.remove(at: index), at: 0) }
            return plans[0]
        }
    }

    /// Stores `plan` unless another thread stored one of that length and rigor first; returns
    /// the stored one.
    func insert(_ plan: RealFFTPlan) -> RealFFTPlan {
        let (stored, evicted): (RealFFTPlan, RealFFTPlan?) = lock.withLock {
            if let existing = plans.first(where: { $0.count == plan.count && $0.rigor == plan.rigor }) {
                return (existing, nil)
            }
            plans.insert(plan, at: 0)
            return (plan, plans.count > FFT.cacheCapacity ? plans.removeLast() : nil)
        }
        // `evicted` is released here, outside the cache lock: its deinit takes the planner lock.
        _ = evicted
        return stored
    }
}
