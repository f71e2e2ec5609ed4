/// A column the reader does not interpret, kept by its header name with its cells as text.
public struct ExtraColumn: Sendable, Equatable {
    /// The header name, as written in the file.
    public var name: String
    /// The cells, one per row, as written (trimmed of surrounding spaces).
    public var values: [String]

    /// Creates a column.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// The cells as numbers: `nil` for an empty or non-numeric cell.
    public var numbers: [Double?] { values.map { Double($0) } }
}
