import Foundation

/// One-call real FFTs for code that is not a hot loop. Plans are made once per length and
/// cached (see ``plan(count:)``); for the tightest loops hold a ``RealFFTPlan`` and call it with
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
                requirement: "a real signal of \(count) samples has \(max(count, 0) / 2 + 1) bins")
        }
        return try plan(count: count).inverse(bins)
    }

    /// The cached plan for `count` samples, created on first use.
    ///
    /// The cache keeps the ``cacheCapacity`` most recently created lengths; an evicted plan
    /// stays valid for as long as a caller holds it.
    ///
    /// - Complexity: A dictionary lookup under a short lock; planning on a miss, outside that lock.
    public static func plan(count: Int) throws(DSPError) -> RealFFTPlan {
        if let cached = PlanCache.shared.plan(count: count) { return cached }
        let plan = try RealFFTPlan(count: count)
        return PlanCache.shared.insert(plan)
    }

    /// How many transform lengths the convenience API keeps plans for.
    public static let cacheCapacity = 64
}

/// Plans by length, evicting the oldest insertion beyond capacity.
private final class PlanCache: @unchecked Sendable {
    static let shared = PlanCache()

    private let lock = NSLock()
    private var plans: [Int: RealFFTPlan] = [:]
    private var insertionOrder: [Int] = []

    func plan(count: Int) -> RealFFTPlan? {
        lock.withLock { plans[count] }
    }

    /// Stores `plan` unless another thread stored one of that length first; returns the stored one.
    func insert(_ plan: RealFFTPlan) -> RealFFTPlan {
        let evicted: RealFFTPlan?
        let stored: RealFFTPlan
        (stored, evicted) = lock.withLock {
            if let existing = plans[plan.count] { return (existing, nil) }
            plans[plan.count] = plan
            insertionOrder.append(plan.count)
            guard insertionOrder.count > FFT.cacheCapacity else { return (plan, nil) }
            return (plan, plans.removeValue(forKey: insertionOrder.removeFirst()))
        }
        // `evicted` is released here, outside the cache lock: its deinit takes the planner lock.
        _ = evicted
        return stored
    }
}
