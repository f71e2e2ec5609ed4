import Foundation

/// A value computed from a recording's columns on first use and kept until those columns change
/// (the owner then calls ``reset()``): a cache, so it takes no part in the owner's equality.
///
/// Copies of the owner share the computed value until one of them changes its columns. Safe to
/// read from several threads at once: the first reader computes, the others wait for it.
struct DerivedValue<Value: Sendable>: Sendable, Equatable {
    private final class Storage: @unchecked Sendable {
        // Guards `value`; @unchecked because the lock does.
        let lock = NSLock()
        var value: Value?
    }

    private var storage = Storage()

    /// The value, computed by `compute` the first time.
    func value(_ compute: () -> Value) -> Value {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        if let value = storage.value { return value }
        let value = compute()
        storage.value = value
        return value
    }

    /// Forgets the value: the columns it came from changed.
    mutating func reset() { storage = Storage() }

    /// Always equal: a cache does not change what its owner holds.
    static func == (lhs: Self, rhs: Self) -> Bool { true }
}
