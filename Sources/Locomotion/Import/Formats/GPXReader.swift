import Foundation

/// Reads a GPX 1.0 or 1.1 track (Topografix schema) as location fixes: one row per `trkpt` with a
/// `time`, its `lat`/`lon` (degrees), `ele` (metres, kept as the extra column `elevation_m`) and the
/// track segment it belongs to (`segment`, counting from 1 over the file).
///
/// Speed comes from the point's `speed` element (GPX 1.0, or an extension's `speed` in any
/// namespace, m/s) when it has one; otherwise it is the great-circle (haversine) distance to the
/// previous point of the segment over the time between them (to the next point for a segment's
/// first). Such derived speeds are unsmoothed: the speed Kalman filter of the analysis rejects
/// their spikes as it does a receiver's. Two points of a segment at the same time give no speed
/// (−1, the invalid marker). GPX carries no speed accuracy.
///
/// Time is seconds since 1970-01-01T00:00:00Z. In strict mode a point without a time, with a
/// malformed coordinate or time, or earlier than the previous point is an error naming its line;
/// in lenient mode it is skipped and counted (``RowProblem/missingValue``, ``RowProblem/malformedNumber``,
/// ``RowProblem/malformedTime``, ``RowProblem/timeGoesBackwards``).
enum GPXReader {
    private struct Point {
        var line: Int
        var latitude: Double
        var longitude: Double
        var time: Double
        var speed: Double?
        var elevation: String
        var segment: Int
    }

    static func read(_ container: ExportContainer, options: RecordingReadOptions) throws(LocomotionError)
        -> ImportedRecording
    {
        guard !container.isCollection else {
            throw .unreadableFile(path: container.path, reason: "a GPX track is one file, not a folder or archive")
        }
        let file = container.files[0]
        let source = file.displayPath
        let bytes = Array(try container.text(of: file).utf8)
        var report = RecordingReadReport()
        var points: [Point] = []
        var segment = 0
        var sawGPX = false

        // The point being read, and the element whose text is being collected.
        var current: (line: Int, latitude: String?, longitude: String?)?
        var time: String?
        var speed: String?
        var elevation: String?
        var textTarget: String?
        var text: [UInt8] = []
        var line = 1
        var index = 0

        func problem(_ kind: RowProblem, at line: Int, column: String, value: String, expected: String)
            throws(LocomotionError)
        {
            guard options.lenient else {
                if kind == .timeGoesBackwards {
                    throw .timeGoesBackwards(
                        path: source, line: line, previous: points.last?.time ?? 0, current: Double(value) ?? 0)
                }
                throw .malformedCell(path: source, line: line, column: column, value: value, expected: expected)
            }
            report.skip(kind, line: line)
        }

        func finishPoint() throws(LocomotionError) {
            guard let point = current else { return }
            current = nil
            let latitudeText = point.latitude ?? "", longitudeText = point.longitude ?? ""
            guard let latitude = Double(latitudeText), latitude.isFinite, (-90...90).contains(latitude) else {
                return try problem(
                    .malformedNumber, at: point.line, column: "trkpt lat", value: latitudeText,
                    expected: "a latitude in degrees (-90...90)")
            }
            guard let longitude = Double(longitudeText), longitude.isFinite, (-180...180).contains(longitude) else {
                return try problem(
                    .malformedNumber, at: point.line, column: "trkpt lon", value: longitudeText,
                    expected: "a longitude in degrees (-180...180)")
            }
            guard let timeText = time?.trimmingWhitespace(newlines: true), !timeText.isEmpty else {
                return try problem(
                    .missingValue, at: point.line, column: "time", value: "",
                    expected:
                        "a time (a track point without <time> cannot be placed; \(ReadOptionSuggestion.lenient.phrase) skips and counts such points)"
                )
            }
            let seconds = Array(timeText.utf8).withUnsafeBufferPointer {
                DecimalParser.parseISO8601($0.baseAddress!, 0, $0.count)
            }
            guard let seconds else {
                return try problem(
                    .malformedTime, at: point.line, column: "time", value: timeText, expected: "an ISO-8601 date-time")
            }
            if let last = points.last, seconds < last.time {
                return try problem(
                    .timeGoesBackwards, at: point.line, column: "time", value: "\(seconds)", expected: "")
            }
            var pointSpeed: Double?
            if let speedText = speed?.trimmingWhitespace(newlines: true), !speedText.isEmpty {
                guard let value = Double(speedText), value.isFinite else {
                    return try problem(
                        .malformedNumber, at: point.line, column: "speed", value: speedText, expected: "a speed in m/s")
                }
                pointSpeed = value
            }
            points.append(
                Point(
                    line: point.line, latitude: latitude, longitude: longitude, time: seconds, speed: pointSpeed,
                    elevation: elevation?.trimmingWhitespace(newlines: true) ?? "",
                    segment: max(segment, 1)))
            report.rowsRead += 1
        }

        func localName(_ name: Substring) -> Substring {
            name.split(separator: ":").last ?? name
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == 0x3C else {  // '<'
                if textTarget != nil { text.append(byte) }
                index += 1
                continue
            }
            func skip(to terminator: [UInt8]) throws(LocomotionError) -> Int {
                var position = index
                while position + terminator.count <= bytes.count {
                    if bytes[position] == 0x0A { line += 1 }
                    if Array(bytes[position..<(position + terminator.count)]) == terminator {
                        return position + terminator.count
                    }
                    position += 1
                }
                throw .unreadableFile(
                    path: source, reason: "line \(line): the XML ends inside a comment, CDATA section or tag")
            }
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = try skip(to: Array("-->".utf8))
                continue
            }
            if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                let end = try skip(to: Array("]]>".utf8))
                if textTarget != nil { text += bytes[(index + 9)..<(end - 3)] }
                index = end
                continue
            }
            let tagStart = line
            let end = try skip(to: [0x3E])  // '>'
            let tag = String(decoding: bytes[(index + 1)..<(end - 1)], as: UTF8.self)
            index = end
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                let name = localName(Substring(tag.dropFirst()).trimmingWhitespace(newlines: true)[...])
                    .lowercased()
                if let target = textTarget, target == name {
                    let decoded = decodeEntities(String(decoding: text, as: UTF8.self))
                    switch target {
                    case "time": time = decoded
                    case "speed": speed = decoded
                    case "ele": elevation = decoded
                    default: break
                    }
                    textTarget = nil
                }
                if name == "trkpt" { try finishPoint() }
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            let body = selfClosing ? String(tag.dropLast()) : tag
            let nameEnd =
                body.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ?? body.endIndex
            let name = localName(body[..<nameEnd]).lowercased()
            switch name {
            case "gpx": sawGPX = true
            case "trkseg": segment += 1
            case "trkpt":
                try finishPoint()
                let attributes = parseAttributes(String(body[nameEnd...]))
                current = (tagStart, attributes["lat"], attributes["lon"])
                (time, speed, elevation) = (nil, nil, nil)
                if selfClosing { try finishPoint() }
            case "time", "speed", "ele":
                if current != nil, !selfClosing {
                    textTarget = name
                    text = []
                }
            default: break
            }
        }
        guard sawGPX else {
            throw .unreadableFile(path: source, reason: "no <gpx> element: not a GPX file")
        }
        try finishPoint()

        var notes: [String] = []
        let (speeds, derived, invalid) = speeds(of: points)
        if derived > 0 {
            notes.append("\(derived) of \(points.count) speeds derived from position differences (no <speed> element)")
        }
        if invalid > 0 { notes.append("\(invalid) points share their neighbour's time: speed marked invalid (−1)") }
        let recording = Recording(
            source: source, time: points.map(\.time), speed: speeds, latitude: points.map(\.latitude),
            longitude: points.map(\.longitude),
            extraColumns: [
                ExtraColumn(name: "elevation_m", values: points.map(\.elevation)),
                ExtraColumn(name: "segment", values: points.map { "\($0.segment)" }),
            ])
        let layout = ImportSupport.layout(
            for: recording,
            sources: [
                .speed: derived > 0 ? "m/s (from positions)" : "m/s (<speed>)", .latitude: "° (trkpt lat)",
                .longitude: "° (trkpt lon)",
            ])
        return ImportedRecording(
            format: .gpx, loaded: LoadedRecording(recording: recording, layout: layout, report: report),
            files: [ImportedFile(path: source, role: "track points", report: report)],
            startEpochSeconds: points.first?.time, notes: notes)
    }

    /// Speeds per point: the point's own, else derived; with the counts of derived and invalid ones.
    private static func speeds(of points: [Point]) -> ([Double], Int, Int) {
        var speeds: [Double] = []
        var derived = 0
        var invalid = 0
        for (index, point) in points.enumerated() {
            if let speed = point.speed {
                speeds.append(speed)
                continue
            }
            derived += 1
            let previous = index > 0 && points[index - 1].segment == point.segment ? index - 1 : nil
            let next = index + 1 < points.count && points[index + 1].segment == point.segment ? index + 1 : nil
            guard let other = previous ?? next else {
                speeds.append(-1)
                invalid += 1
                continue
            }
            let interval = abs(point.time - points[other].time)
            guard interval > 0 else {
                speeds.append(-1)
                invalid += 1
                continue
            }
            speeds.append(haversineDistance(point, points[other]) / interval)
        }
        return (speeds, derived, invalid)
    }

    /// The great-circle distance in metres on a sphere of radius 6,371,008.8 m (the IUGG mean
    /// Earth radius).
    private static func haversineDistance(_ a: Point, _ b: Point) -> Double {
        let radians = Double.pi / 180
        let (phi1, phi2) = (a.latitude * radians, b.latitude * radians)
        let deltaPhi = phi2 - phi1
        let deltaLambda = (b.longitude - a.longitude) * radians
        let h =
            sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    /// `name="value"` or `name='value'` pairs of a start tag, names lowercased and without prefix.
    private static func parseAttributes(_ text: String) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingWhitespace(newlines: true).lowercased()
            var valueStart = rest.index(after: equals)
            while valueStart < rest.endIndex, rest[valueStart].isWhitespace {
                valueStart = rest.index(after: valueStart)
            }
            guard valueStart < rest.endIndex, rest[valueStart] == "\"" || rest[valueStart] == "'" else { break }
            let quote = rest[valueStart]
            let contentStart = rest.index(after: valueStart)
            guard let close = rest[contentStart...].firstIndex(of: quote) else { break }
            attributes[String(name.split(separator: ":").last ?? Substring(name))] = decodeEntities(
                String(rest[contentStart..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return attributes
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
