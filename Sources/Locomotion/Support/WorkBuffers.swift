import LocomotionDSP

/// Working memory that a per-window engine (``FeatureExtractor``, ``WindowStepAnalyzer``)
/// allocates once: fixed-size buffers of doubles, complex bins and integers, 64-byte aligned (so
/// FFTW runs its SIMD plans on them), reached through pointers without array bookkeeping in the
/// hot loops.
///
/// A reference type: an owner holding it in a value type calls ``uniqueCopy(of:)`` before
/// writing, so copies of the owner never share memory.
final class WorkBuffers: @unchecked Sendable {
    private let doubleSizes: [Int]
    private let complexSizes: [Int]
    private let integerSizes: [Int]
    private let doubleStorage: [UnsafeMutableBufferPointer<Double>]
    private let complexStorage: [UnsafeMutableBufferPointer<ComplexDouble>]
    private let integerStorage: [UnsafeMutableBufferPointer<Int>]

    /// Allocates zeroed buffers of the given element counts.
    init(doubles: [Int], complexes: [Int] = [], integers: [Int] = []) {
        (doubleSizes, complexSizes, integerSizes) = (doubles, complexes, integers)
        doubleStorage = doubles.map { Self.allocate(Double.self, count: $0, zero: 0) }
        complexStorage = complexes.map { Self.allocate(ComplexDouble.self, count: $0, zero: .zero) }
        integerStorage = integers.map { Self.allocate(Int.self, count: $0, zero: 0) }
    }

    deinit {
        for buffer in doubleStorage { UnsafeMutableRawPointer(buffer.baseAddress!).deallocate() }
        for buffer in complexStorage { UnsafeMutableRawPointer(buffer.baseAddress!).deallocate() }
        for buffer in integerStorage { UnsafeMutableRawPointer(buffer.baseAddress!).deallocate() }
    }

    private static func allocate<T>(_ type: T.Type, count: Int, zero: T) -> UnsafeMutableBufferPointer<T> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, count) * MemoryLayout<T>.stride, alignment: 64)
        let typed = raw.bindMemory(to: T.self, capacity: max(1, count))
        typed.initialize(repeating: zero, count: max(1, count))
        return UnsafeMutableBufferPointer(start: typed, count: count)
    }

    /// Double buffer `index`.
    @inline(__always) func doubles(_ index: Int) -> UnsafeMutableBufferPointer<Double> { doubleStorage[index] }
    /// Complex buffer `index`.
    @inline(__always) func complexes(_ index: Int) -> UnsafeMutableBufferPointer<ComplexDouble> {
        complexStorage[index]
    }
    /// Integer buffer `index`.
    @inline(__always) func integers(_ index: Int) -> UnsafeMutableBufferPointer<Int> { integerStorage[index] }

    /// `buffers` itself when no other owner holds it, else a fresh set of the same sizes (the
    /// contents are scratch, so they are not copied).
    static func uniqueCopy(of buffers: inout WorkBuffers) {
        guard !isKnownUniquelyReferenced(&buffers) else { return }
        buffers = WorkBuffers(
            doubles: buffers.doubleSizes, complexes: buffers.complexSizes, integers: buffers.integerSizes)
    }
}
