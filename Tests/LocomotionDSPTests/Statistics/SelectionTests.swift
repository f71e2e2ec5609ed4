@_spi(Testing) import LocomotionDSP
import LocomotionTestSupport
import Testing

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

    @Test("the two smallest of the k largest equal the sorted values at their ranks")
    func topTwoOfLargest() {
        var rng = SplitMix64(seed: 9)
        for count in [1, 2, 3, 8, 33, 128, 512] {
            // Few distinct values (ties), distinct values, ascending and descending runs.
            let ties: [Double] = (0..<count).map { _ in Double(rng.next() % 5) - 2 }
            let ascending: [Double] = (0..<count).map { Double($0) }
            let descending: [Double] = ascending.map { -$0 }
            let inputs: [[Double]] = [ties, rng.uniformSamples(count), ascending, descending]
            for x in inputs {
                let sorted = x.sorted()
                for k in 1...min(count, 40) {
                    var work = x
                    let (low, high) = work.withUnsafeMutableBufferPointer { Selection.topTwoOfLargest(k, in: $0) }
                    let rank = count - k
                    #expect(low == sorted[rank], "n=\(count) k=\(k)")
                    #expect(high == sorted[min(rank + 1, count - 1)], "n=\(count) k=\(k)")
                    #expect(work.sorted() == sorted)
                    var selected = x
                    let adjacent = selected.withUnsafeMutableBufferPointer {
                        Statistics.adjacentOrderStatistics(at: rank, in: $0)
                    }
                    let matches = adjacent.0 == low && adjacent.1 == high
                    #expect(matches)
                }
            }
        }
    }
}
