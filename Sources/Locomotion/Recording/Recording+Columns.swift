/// The one list of a recording's numeric columns: construction, slicing, appending, the reader and
/// the writer all walk it, so a new column is one entry here (and a case of ``RecordingColumn``).
extension Recording {
    /// A column of three axes: its name in messages, where it is stored, its x, y and z
    /// quantities, and how to append another recording's rows to it.
    struct AxisColumn: Sendable {
        let name: String
        let series: WritableKeyPath<Recording, ThreeAxisSeries?> & Sendable
        let axes: [RecordingColumn]
        /// Appends in place: a write through the key path would copy the whole column, because
        /// the property is observed (its didSet resets a cache) and the key path sets it anew.
        let append: @Sendable (_ recording: inout Recording, _ other: Recording) -> Void
    }

    /// A column of single values: its quantity and where it is stored.
    struct ScalarColumn: Sendable {
        let column: RecordingColumn
        let values: WritableKeyPath<Recording, [Double]?> & Sendable
    }

    /// The three-axis columns, in ``RecordingColumn`` order.
    static let axisColumns = [
        AxisColumn(
            name: "acceleration", series: \.acceleration, axes: [.accelerationX, .accelerationY, .accelerationZ],
            append: { $0.acceleration?.append(contentsOf: $1.acceleration!) }),
        AxisColumn(
            name: "linear acceleration", series: \.linearAcceleration,
            axes: [.linearAccelerationX, .linearAccelerationY, .linearAccelerationZ],
            append: { $0.linearAcceleration?.append(contentsOf: $1.linearAcceleration!) }),
        AxisColumn(
            name: "gravity", series: \.gravity, axes: [.gravityX, .gravityY, .gravityZ],
            append: { $0.gravity?.append(contentsOf: $1.gravity!) }),
        AxisColumn(
            name: "rotation rate", series: \.rotationRate, axes: [.rotationRateX, .rotationRateY, .rotationRateZ],
            append: { $0.rotationRate?.append(contentsOf: $1.rotationRate!) }),
    ]

    /// The single-valued numeric columns after the three-axis ones, in ``RecordingColumn`` order.
    static let scalarColumns = [
        ScalarColumn(column: .speed, values: \.speed), ScalarColumn(column: .speedAccuracy, values: \.speedAccuracy),
        ScalarColumn(column: .horizontalAccuracy, values: \.horizontalAccuracy),
        ScalarColumn(column: .latitude, values: \.latitude), ScalarColumn(column: .longitude, values: \.longitude),
        ScalarColumn(column: .cadence, values: \.cadence), ScalarColumn(column: .steps, values: \.steps),
    ]

    /// A recording whose numeric columns come from `values` (called once per quantity, in
    /// ``RecordingColumn`` order; a three-axis column is kept only when all three axes are given).
    init(
        source: String, time: [Double], values: (RecordingColumn) -> [Double]?, labels: [String]?,
        extraColumns: [ExtraColumn]
    ) {
        self.init(source: source, time: time, labels: labels, extraColumns: extraColumns)
        for column in Self.axisColumns {
            let axes = column.axes.compactMap(values)
            if axes.count == 3 { self[keyPath: column.series] = ThreeAxisSeries(x: axes[0], y: axes[1], z: axes[2]) }
        }
        for column in Self.scalarColumns { self[keyPath: column.values] = values(column.column) }
    }

    /// The values of a numeric quantity, in its unit (see ``RecordingColumn``).
    ///
    /// - Returns: The column, or `nil` when the recording does not have it (and for
    ///   ``RecordingColumn/label``, which is text: see ``labels``).
    /// - Complexity: O(1).
    public func values(of column: RecordingColumn) -> [Double]? {
        if column == .time { return time }
        if let scalar = Self.scalarColumns.first(where: { $0.column == column }) { return self[keyPath: scalar.values] }
        for axisColumn in Self.axisColumns {
            guard let axis = axisColumn.axes.firstIndex(of: column) else { continue }
            return self[keyPath: axisColumn.series].map { [$0.x, $0.y, $0.z][axis] }
        }
        return nil
    }

    /// The numeric columns the recording has, time first, in ``RecordingColumn`` order.
    @_spi(Testing) public var numericColumns: [(column: RecordingColumn, values: [Double])] {
        var columns = [(RecordingColumn.time, time)]
        for axisColumn in Self.axisColumns {
            guard let series = self[keyPath: axisColumn.series] else { continue }
            columns += zip(axisColumn.axes, [series.x, series.y, series.z]).map { ($0, $1) }
        }
        for scalar in Self.scalarColumns {
            if let values = self[keyPath: scalar.values] { columns.append((scalar.column, values)) }
        }
        return columns
    }

    /// The row count of every column present besides time, for the check that they agree.
    var columnCounts: [Int] {
        Self.axisColumns.compactMap { self[keyPath: $0.series]?.count }
            + Self.scalarColumns.compactMap { self[keyPath: $0.values]?.count } + (labels.map { [$0.count] } ?? [])
            + extraColumns.map(\.values.count)
    }

    /// Whether `other` has the same columns (present or absent, and the same extra columns).
    @_spi(Testing) public func hasSameColumns(as other: Recording) -> Bool {
        Self.axisColumns.allSatisfy { (self[keyPath: $0.series] == nil) == (other[keyPath: $0.series] == nil) }
            && Self.scalarColumns.allSatisfy { (self[keyPath: $0.values] == nil) == (other[keyPath: $0.values] == nil) }
            && (labels == nil) == (other.labels == nil) && extraColumns.map(\.name) == other.extraColumns.map(\.name)
    }
}
