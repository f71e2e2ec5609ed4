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
    ///   `requireSpeedColumn` is `true` and the recording has none; `.invalidParameter` naming the
    ///   time of a row whose coordinates are out of range (the reader has already rejected NaN and
    ///   infinite numbers).
    /// - Complexity: O(*n*).
    public func locationFixes(requireSpeedColumn: Bool = false) throws(LocomotionError) -> [LocationFix] {
        guard let speed else {
            guard !requireSpeedColumn else {
                throw .missingColumn(path: source, quantity: "speed", accepted: RecordingColumn.speed.aliases)
            }
            return []
        }
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
                    guard case .invalidParameter(let name, let text, let requirement) = error else { throw error }
                    throw .invalidParameter(
                        name: name, value: text, requirement: "\(requirement) (row at t = \(time[row]) s)")
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
