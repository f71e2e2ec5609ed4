#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Working memory for a kernel called per window, without a heap allocation per call.
///
/// `withUnsafeTemporaryAllocation` keeps only up to 1 KB on the stack on Linux and takes the heap
/// above that, while a gait context of a few hundred samples needs a few KB. On Linux each thread
/// therefore keeps one buffer (a `pthread` key; grown when a call needs more, freed when the thread
/// ends), so the steady state allocates nothing; elsewhere, and for up to 1 KB, the temporary
/// allocation serves.
enum ThreadScratch {
    /// Runs `body` on `count` uninitialised doubles.
    ///
    /// Not reentrant: `body` must not call it again (the inner call would get the same memory).
    @inline(__always)
    static func withDoubles<R>(count: Int, _ body: (UnsafeMutableBufferPointer<Double>) -> R) -> R {
        if count <= 1024 / MemoryLayout<Double>.stride {
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: count, body)
        }
        #if canImport(Glibc) || canImport(Musl)
            return body(threadBuffer(count: count))
        #else
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: count, body)
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
        /// The key of each thread's buffer: 16 bytes holding its capacity (doubles), then the doubles.
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { free($0) }
            precondition(status == 0, "ThreadScratch: pthread_key_create failed (\(status))")
            return key
        }()

        /// This thread's buffer, at least `count` doubles long.
        private static func threadBuffer(count: Int) -> UnsafeMutableBufferPointer<Double> {
            let header = 16
            if let raw = pthread_getspecific(key) {
                if raw.load(as: Int.self) >= count {
                    return UnsafeMutableBufferPointer(
                        start: (raw + header).assumingMemoryBound(to: Double.self), count: count)
                }
                free(raw)
            }
            let capacity = max(count, 1024)
            guard let raw = malloc(header + capacity * MemoryLayout<Double>.stride) else {
                fatalError("ThreadScratch: no memory for \(capacity) doubles")
            }
            raw.storeBytes(of: capacity, as: Int.self)
            let status = pthread_setspecific(key, raw)
            precondition(status == 0, "ThreadScratch: pthread_setspecific failed (\(status))")
            let doubles = (raw + header).bindMemory(to: Double.self, capacity: capacity)
            return UnsafeMutableBufferPointer(start: doubles, count: count)
        }
    #endif
}
