extension Recording {
    /// The GPS fixes of a recording: one ``LocationFix`` per row whose speed cell holds a value.
    ///
    /// Rows with an empty speed cell (NaN) carry no fix and are not fixes; a negative speed or
    /// speed accuracy is kept, since it is the device saying "invalid" (as iOS does). An empty
    /// speed-accuracy or horizontal-accuracy cell becomes `nil` ("not reported"); latitude and
    /// longitude become a coordinate when both are present.
    ///
    /// - Returns: The fixes in row order; empty when the recording has no speed column.
    /// - Throws: `LocomotionError.invalidData` naming the row and column of a coordinate out of
    ///   range (the reader has already rejected NaN and infinite numbers).
    /// - Complexity: O(*n*).
    public func locationFixes() throws(LocomotionError) -> [LocationFix] {
        guard let speed else { return [] }
        func value(_ column: [Double]?, _ row: Int) -> Double? {
            guard let cell = column?[row], !cell.isNaN else { return nil }
            return cell
        }
        var fixes: [LocationFix] = []
        for row in speed.indices where !speed[row].isNaN {
            var coordinate: LocationFix.Coordinate?
            if let latitude = value(latitude, row), let longitude = value(longitude, row) {
                do {
                    coordinate = try LocationFix.Coordinate(latitude: latitude, longitude: longitude)
                } catch {
                    throw .invalidData(
                        source: .recording(source), row: row + 1, column: error.parameter, value: error.value ?? "",
                        expected: error.expected ?? error.message)
                }
            }
            fixes.append(
                try LocationFix(
                    time: time[row], speed: speed[row], speedAccuracy: value(speedAccuracy, row),
                    horizontalAccuracy: value(horizontalAccuracy, row), coordinate: coordinate))
        }
        return fixes
    }
}
