import LocomotionTestSupport
import Testing

@testable import LocomotionDSP

@Suite("Quickselect")
struct SelectionTests {
    @Test("every rank, with and without the heapsort fallback", arguments: [0, 1, 3, nil])
    func everyRank(budget: Int?) {
        var rng = SplitMix64(seed: 7)
        for count in [1, 2, 3, 10, 33, 100] {
            let x = (0..<count).map { _ in Double(rng.next() % 7) - 3 }
            let sorted = x.sorted()
            for k in 0..<count {
                var work = x
                work.withUnsafeMutableBufferPointer { buffer in
                    Selection.select(k, in: buffer, partitionBudget: budget)
                }
                #expect(work[k] == sorted[k], "n=\(count) k=\(k)")
                #expect(work[..<k].allSatisfy { $0 <= work[k] })
                #expect(work[(k + 1)...].allSatisfy { $0 >= work[k] })
                #expect(work.sorted() == sorted)
            }
        }
    }

    @Test("selecting above a lower bound keeps the prefix untouched")
    func fromLowerBound() {
        var rng = SplitMix64(seed: 8)
        let x = rng.uniformSamples(50)
        var work = x
        work.withUnsafeMutableBufferPointer { buffer in
            Selection.select(10, in: buffer)
            let prefix = Array(buffer[..<10])
            Selection.select(30, in: buffer, from: 10)
            #expect(Array(buffer[..<10]) == prefix)
        }
        #expect(work[30] == x.sorted()[30])
        #expect(work[10] == x.sorted()[10])
    }
}
