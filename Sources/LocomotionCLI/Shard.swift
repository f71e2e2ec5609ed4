/// `--shard K/N`: one of N deterministic, disjoint parts of a list of recordings, so that N
/// processes (a cluster's job array) together analyze every file exactly once.
///
/// The files are put in path order (``PathOrder``) and shard K takes those at positions K, K + N,
/// K + 2N, …: shard sizes differ by at most one file, and a file's shard depends only on the sorted
/// list, so every task of an array must be given the same FILE and DIR arguments over an unchanged
/// tree. K counts from 0, as Slurm's `SLURM_ARRAY_TASK_ID` does for `--array=0-(N-1)`.
@_spi(Testing) public struct Shard: Equatable, Sendable {
    /// K: 0 ≤ `index` < `count`.
    var index: Int
    /// N: at least 1.
    var count: Int

    /// Reads `K/N` (whole numbers, 0 ≤ K < N).
    @_spi(Testing) public init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index < count
        else {
            throw UsageError(
                message: "--shard takes K/N with whole numbers 0 <= K < N (for example 0/4 to 3/4), not '\(text)'")
        }
        self.index = index
        self.count = count
    }

    /// The files of this shard, in path order.
    /// - Complexity: O(*n* log *n*) in the number of files.
    @_spi(Testing) public func select(_ files: [String]) -> [String] {
        PathOrder.sorted(files).enumerated().filter { $0.offset % count == index }.map(\.element)
    }
}

/// The order of recordings in sharding and in `summarize`: paths compared component by component
/// (split at `/`), each component by its UTF-8 bytes. It is the order in which `analyze` lists a
/// folder (each level sorted by name), so `a/x.csv` comes before `a.csv`.
@_spi(Testing) public enum PathOrder {
    /// Whether `a` comes before `b`.
    @_spi(Testing) public static func precedes(_ a: String, _ b: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let left = a.utf8.split(separator: slash, omittingEmptySubsequences: false)
        let right = b.utf8.split(separator: slash, omittingEmptySubsequences: false)
        return left.lexicographicallyPrecedes(right) { $0.lexicographicallyPrecedes($1) }
    }

    /// Names or paths in this order (stable: equal paths keep their order).
    @_spi(Testing) public static func sorted(_ paths: [String]) -> [String] {
        paths.sorted(by: precedes)
    }
}
