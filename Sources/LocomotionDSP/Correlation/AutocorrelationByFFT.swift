import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The cross sums `Σᵢ dᵢ·dᵢ₊ₖ` of many lags at once through a real FFT (Wiener–Khinchin): the
/// deviations zero-padded to a length `N ≥ n + upper lag` (so the circular correlation has no
/// wrap for the lags read), transformed, squared in magnitude and transformed back.
///
/// The plans are made once per length for the process (FFTW's planning costs about 14 million
/// instructions for three plans of 288 points, as much as 600 calls save); each thread holds its
/// FFTW-aligned buffers and a reference to the plan (a few lengths, made on first use and kept
/// until the thread ends), so a call allocates nothing and takes no lock.
enum CorrelationByFFT {
    /// Whether threads can hold plans here (a `pthread` key); elsewhere every sum is direct.
    #if canImport(Glibc) || canImport(Musl)
        static let isAvailable = true
    #else
        static let isAvailable = false
    #endif

    /// The padded length for `count` samples and lags up to `upper`: the smallest `2ᵃ` or `3·2ᵃ`
    /// at least `count + upper`. Few lengths, so a detector whose contexts vary in length (cut at
    /// a segment's ends) meets them all early and then allocates nothing, and few plans to make.
    static func paddedLength(count: Int, upper: Int) -> Int {
        let needed = count + upper
        var length = 4
        while length < needed { length *= 2 }
        return length / 4 * 3 >= needed ? length / 4 * 3 : length
    }

    /// Whether the FFT costs less than summing the `products` cross products directly: the FFT's
    /// cost taken as `3·N·⌈log₂N⌉` products (the pair of transforms, the squared magnitudes and the
    /// padding; measured in instructions with callgrind, `docs/Benchmarks.md`).
    static func pays(products: Int, length: Int) -> Bool {
        var log2 = 0
        while 1 << log2 < length { log2 += 1 }
        return products >= 3 * length * log2
    }

    /// The cross sum of lag `k` at element `k` of the returned buffer for `k` in `0...upper`, for
    /// `deviations` of a window of finite energy below `1e290`. The buffer is the thread's (valid
    /// until its next call), FFTW-aligned as the plan needs: an unaligned one would take a copy
    /// through temporary memory, which is heap memory at these lengths.
    static func crossSums(_ deviations: UnsafeBufferPointer<Double>, length: Int) -> UnsafeBufferPointer<Double> {
        let held = Held.forThread(length: length)
        let real = held.real
        let count = deviations.count
        real.baseAddress!.update(from: deviations.baseAddress!, count: count)
        real.baseAddress!.advanced(by: count).update(repeating: 0, count: length - count)
        held.plan.forward(UnsafeBufferPointer(real), into: held.bins)
        for index in held.bins.indices {
            held.bins[index] = ComplexDouble(real: held.bins[index].squaredMagnitude, imaginary: 0)
        }
        held.plan.inverse(destroying: held.bins, into: real)
        return UnsafeBufferPointer(real)
    }

    /// One length's plan and buffers, held by a thread.
    final class Held {
        let plan: RealFFTPlan
        let real: UnsafeMutableBufferPointer<Double>
        let bins: UnsafeMutableBufferPointer<ComplexDouble>

        init(length: Int) {
            // A length from paddedLength is at least 2 and planning does not fail but for memory.
            guard let plan = Plans.plan(length: length),
                let real = FFTWInterface.allocateReal(length),
                let bins = FFTWInterface.allocateComplex(length / 2 + 1)
            else { fatalError("CorrelationByFFT: no memory for a plan of \(length)") }
            self.plan = plan
            self.real = UnsafeMutableBufferPointer(start: real, count: length)
            self.bins = UnsafeMutableBufferPointer(start: bins, count: length / 2 + 1)
        }

        deinit {
            FFTWInterface.free(real.baseAddress!)
            FFTWInterface.free(bins.baseAddress!)
        }

        /// The calling thread's plan of `length` samples, made on first use and kept: the
        /// lengths are `2ᵃ` and `3·2ᵃ`, so a thread holds a few (an eviction would make a
        /// detector that alternates more lengths than it keeps allocate in its steady state).
        static func forThread(length: Int) -> Held {
            let shelf = Shelf.forThread()
            if let held = shelf.plans.first(where: { $0.real.count == length }) { return held }
            let held = Held(length: length)
            shelf.plans.append(held)
            return held
        }
    }

    /// The process's plans, one per length, kept for its lifetime.
    enum Plans {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var made: [Int: RealFFTPlan] = [:]

        static func plan(length: Int) -> RealFFTPlan? {
            lock.withLock {
                if let plan = made[length] { return plan }
                let plan = try? RealFFTPlan(count: length)
                made[length] = plan
                return plan
            }
        }
    }

    /// A thread's held plans (a `pthread` key; released when the thread ends).
    final class Shelf {
        /// Each one's length is its `real.count`.
        var plans: [Held] = []

        #if canImport(Glibc) || canImport(Musl)
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                let status = pthread_key_create(&key) { Unmanaged<Shelf>.fromOpaque($0!).release() }
                precondition(status == 0, "CorrelationByFFT: pthread_key_create failed (\(status))")
                return key
            }()

            static func forThread() -> Shelf {
                if let raw = pthread_getspecific(key) { return Unmanaged<Shelf>.fromOpaque(raw).takeUnretainedValue() }
                let shelf = Shelf()
                let status = pthread_setspecific(key, Unmanaged.passRetained(shelf).toOpaque())
                precondition(status == 0, "CorrelationByFFT: pthread_setspecific failed (\(status))")
                return shelf
            }
        #else
            static func forThread() -> Shelf { fatalError("CorrelationByFFT: no thread-held plans here") }
        #endif
    }
}
