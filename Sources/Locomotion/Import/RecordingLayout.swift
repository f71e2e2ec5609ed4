import Foundation

/// How a file's header maps onto quantities: which column holds what, in which unit, and which
/// columns are kept as extras.
public struct RecordingLayout: Sendable, Equatable {
    /// One recognised column.
    public struct Mapping: Sendable, Equatable {
        /// The quantity.
        public var column: RecordingColumn
        /// The header name as written in the file.
        public var name: String
        /// The zero-based position in the header.
        public var index: Int
        /// The factor that converts the file's unit into the package's (1 when they agree).
        public var scale: Double
        /// The unit the file's values were read in, for display (for example `m/s²`).
        public var sourceUnit: String
    }

    /// The header cells, as written (trimmed).
    public var header: [String]
    /// The recognised columns, in ``RecordingColumn`` order.
    public var mappings: [Mapping]
    /// Positions of the columns kept as ``ExtraColumn``s, in file order.
    public var extraIndices: [Int]
    /// The position of the group column (``RecordingReadOptions/groupColumn``), if any. It is
    /// also kept as an extra column, so every row shows its group.
    public var groupIndex: Int?
    /// Explanations of columns that were found but not used as a quantity (for example two of
    /// the three axes of a group); those columns are kept as extras.
    public var notes: [String]

    /// A layout with no columns, before a header is read.
    static let empty = RecordingLayout(header: [], mappings: [], extraIndices: [], notes: [])

    private init(header: [String], mappings: [Mapping], extraIndices: [Int], notes: [String]) {
        self.header = header
        self.mappings = mappings
        self.extraIndices = extraIndices
        self.notes = notes
        self.groupIndex = nil
    }

    /// The mapping of `column`, if the file has it.
    ///
    /// - Complexity: O(*c*) for *c* mapped columns.
    public func mapping(of column: RecordingColumn) -> Mapping? { mappings.first { $0.column == column } }

    /// Resolves a header.
    ///
    /// - Throws: `LocomotionError.missingColumn` when the file has no time column, or a column
    ///   named in `options.columnNames` is absent; `.invalidParameter` for a header that names
    ///   the same column twice.
    init(header: [String], options: RecordingReadOptions, source: String) throws(LocomotionError) {
        self.header = header
        let lowered = header.map { $0.lowercased() }
        var seen: Set<String> = []
        for name in lowered where !name.isEmpty {
            guard seen.insert(name).inserted else {
                throw .invalidParameter(
                    name: "header", value: name, requirement: "\(source): each column name must appear only once")
            }
        }
        var found: [RecordingColumn: Int] = [:]
        var used: Set<Int> = []
        // Explicit names first, so an alias cannot claim a column the caller assigned elsewhere.
        for column in RecordingColumn.allCases {
            guard let name = options.columnNames[column] else { continue }
            guard let index = lowered.firstIndex(of: name.lowercased()) else {
                throw .missingColumn(path: source, quantity: column.rawValue, accepted: [name])
            }
            found[column] = index
            used.insert(index)
        }
        /// Columns that also match a quantity read from another column: (the column, the one used).
        var passedOver: [(index: Int, column: RecordingColumn, used: Int)] = []
        for column in RecordingColumn.allCases where found[column] == nil {
            let candidates = column.aliases.compactMap { lowered.firstIndex(of: $0) }.filter { !used.contains($0) }
            // A name that states its unit (acc_x_g) wins over a bare one (ax), whose unit is a guess.
            if let index = candidates.first(where: { Self.statesUnit(lowered[$0]) }) ?? candidates.first {
                found[column] = index
                used.insert(index)
                passedOver += candidates.filter { $0 != index }.map { ($0, column, index) }
            }
        }
        guard found[.time] != nil else {
            throw .missingColumn(path: source, quantity: "time", accepted: RecordingColumn.time.aliases)
        }
        var notes: [String] = []
        if !passedOver.isEmpty {
            notes.append(
                "columns that match a quantity already read from another column are kept as extra columns: "
                    + passedOver.map { "\(header[$0.index]) (\($0.column.rawValue) is read from \(header[$0.used]))" }
                    .joined(separator: ", ") + "; a name that states its unit is preferred")
        }
        for (name, axes) in Recording.axisColumns.map({ ($0.name, $0.axes) }) {
            let present = axes.filter { found[$0] != nil }
            guard !present.isEmpty, present.count < 3 else { continue }
            let missing = axes.filter { found[$0] == nil }.map(\.rawValue)
            notes.append(
                "\(name) is incomplete (no \(missing.joined(separator: ", ")) column); its columns "
                    + present.map { header[found[$0]!] }.joined(separator: ", ")
                    + " are kept as extra columns. Name the missing axis with a column option to use it.")
            for axis in present {
                used.remove(found[axis]!)
                found[axis] = nil
            }
        }
        mappings = found.sorted { $0.key < $1.key }.map { column, index in
            let (scale, unit) = Self.conversion(for: column, name: lowered[index], options: options)
            return Mapping(column: column, name: header[index], index: index, scale: scale, sourceUnit: unit)
        }
        extraIndices = header.indices.filter { !used.contains($0) }
        self.notes = notes
        if let groupColumn = options.groupColumn {
            guard let index = lowered.firstIndex(of: groupColumn.lowercased()), extraIndices.contains(index) else {
                throw .missingColumn(
                    path: source, quantity: "group (a column not used for a quantity)", accepted: [groupColumn])
            }
            groupIndex = index
        }
    }

    /// Whether a header name (lowercased) states its unit: `_g`, `_m_s2`, `_rad_s`, `_deg_s`.
    private static func statesUnit(_ name: String) -> Bool {
        ["_g", "_m_s2", "_rad_s", "_deg_s"].contains { name.hasSuffix($0) }
    }

    /// The factor from the file's unit to the package's, and the file's unit.
    private static func conversion(for column: RecordingColumn, name: String, options: RecordingReadOptions) -> (
        Double, String
    ) {
        if column.isAcceleration {
            if name.hasSuffix("_g") { return (1, "g") }
            if name.hasSuffix("_m_s2") { return (1 / 9.80665, "m/s²") }
            return options.accelerationUnit == .g ? (1, "g") : (1 / 9.80665, "m/s²")
        }
        if column.isRotationRate {
            if name.hasSuffix("_rad_s") { return (1, "rad/s") }
            if name.hasSuffix("_deg_s") { return (Double.pi / 180, "°/s") }
            return options.rotationRateUnit == .radiansPerSecond ? (1, "rad/s") : (Double.pi / 180, "°/s")
        }
        return (1, column.unit)
    }
}
