/// The positions of named features in one schema, looked up once so that reading them from every
/// window of a table costs no name comparisons.
struct FeatureColumns: Sendable {
    /// The position of each name, or `nil` where the schema has no such feature.
    let positions: [Int?]

    /// Looks `names` up in `schema`.
    ///
    /// - Complexity: O(*n* · *f*) for *n* names and *f* features.
    init(_ names: [String], in schema: FeatureSchema) {
        positions = names.map { schema.index(of: $0) }
    }

    /// The first of `names` the schema lacks, or `nil`.
    func firstMissing(of names: [String]) -> String? {
        zip(names, positions).first { $0.1 == nil }?.0
    }

    /// The value of name number `index` in `values` (a row of the schema); NaN when the schema
    /// has no such feature.
    func value(_ index: Int, in values: some RandomAccessCollection<Double>) -> Double {
        positions[index].map { values[values.index(values.startIndex, offsetBy: $0)] } ?? .nan
    }
}
