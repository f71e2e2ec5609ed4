extension Recording {
    /// The GPS fixes of a recording: one ``LocationFix`` per row whose speed cell holds a value.
    ///
    /// Rows with an empty speed cell (NaN) carry no fix and are not fixes; a negative speed or
    /// speed accuracy is kept, since it is the device saying "invalid" (as iOS does). An empty
    /// speed-accuracy or horizontal-accuracy cell becomes `nil` ("not reported"); latitude and
    /// longitude become a coordinate when both are present.
    ///
    /// A recording without a speed column was made without GPS: by default it simply has no
    /// fixes, so an analysis of activities works on any recording. A caller for whom the fixes are
    /// the point (`locomotion speed`, which smooths them) passes `requireSpeedColumn: true` and gets
    /// the error instead of an empty result.
    ///
    /// - Parameter requireSpeedColumn: Whether a recording without a speed column is an error.
    /// - Returns: The fixes in row order; empty when the recording has no speed column (and
    ///   `requireSpeedColumn` is `false`) or none of its rows has a speed.
    /// - Throws: `LocomotionError.missingColumn` listing the speed column's header names when
    ///   `requireSpeedColumn` is `true` and the recording has none; `.invalidData` naming the row
    ///   and column of a coordinate out of range (the reader has already rejected NaN and infinite
    ///   numbers).
    /// - Complexity: O(*n*).
    public func locationFixes(requireSpeedColumn: Bool = false) throws(LocomotionError) -> [LocationFix] {
        guard let speed else {
            guard !requireSpeedColumn else {
                throw .missingColumn(path: source, quantity: "speed", accepted: RecordingColumn.speed.aliases)
            }
            return []
        }
        var fixes: [LocationFix] = []
        for row in speed.indices { if let fix = try locationFixWithCoordinate(row: row) { fixes.append(fix) } }
        return fixes
    }

    /// The fix of ``locationFixes(requireSpeedColumn:)`` in row `row`, or `nil` when the row has no speed.
    ///
    /// - Parameter rowOffset: Rows before this recording in the stream it came from, so that an
    ///   error names the row of the whole stream.
    /// - Throws: As ``locationFixes(requireSpeedColumn:)``.
    /// - Complexity: O(1).
    func locationFixWithCoordinate(row: Int, rowOffset: Int = 0) throws(LocomotionError) -> LocationFix? {
        guard let speed, !speed[row].isNaN else { return nil }
        func value(_ column: [Double]?) -> Double? {
            guard let cell = column?[row], !cell.isNaN else { return nil }
            return cell
        }
        var coordinate: LocationFix.Coordinate?
        if let latitude = value(latitude), let longitude = value(longitude) {
            do {
                coordinate = try LocationFix.Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw .invalidData(
                    at: .recording(source, row: rowOffset + row + 1, column: error.parameter),
                    value: error.value ?? "",
                    expected: error.expected ?? error.message)
            }
        }
        return try LocationFix(
            time: time[row], speed: speed[row], speedAccuracy: value(speedAccuracy),
            horizontalAccuracy: value(horizontalAccuracy), coordinate: coordinate)
    }
}
