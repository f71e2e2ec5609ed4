import Foundation

/// The file names and conventions of Sensor Logger exports (Kelvin Choi's app for iOS and
/// Android; units and frames as its public documentation, `awesome-sensor-logger`, gives them).
enum SensorLoggerLayout {
    /// The sensor files the reader uses, lowercased.
    static let sensorFileNames: Set<String> = [
        "accelerometer.csv", "totalacceleration.csv", "gravity.csv", "gyroscope.csv", "location.csv",
        "pedometer.csv", "barometer.csv", "annotation.csv", "activity.csv", "accelerometeruncalibrated.csv",
    ]
}

/// Reads a Sensor Logger export (folder, zip archive, or one of its CSVs) into one recording.
///
/// Every sensor file has `time` (nanoseconds since 1970) and `seconds_elapsed` (seconds since the
/// recording started); the merged recording's time is `seconds_elapsed`, common to all files.
/// Acceleration is m/s² in the files (the uncalibrated accelerometer is g on iOS unless "Standardise
/// Units & Frames" was on) and is converted to g. Android, and iOS with standardisation, write the
/// accelerating-force sign convention (+1 g on z lying screen up); it is negated into the package's
/// Core Motion frame (−1 g on z screen up). Rotation rates need no change.
enum SensorLoggerReader {
    private struct Metadata {
        var platform: String?
        var standardised = false
        var epochSeconds: Double?
        var appVersion: String?
        var device: String?
    }

    static func read(_ container: ExportContainer, options: RecordingReadOptions) throws(LocomotionError)
        -> ImportedRecording
    {
        var files: [ImportedFile] = []
        var notes: [String] = []
        var metadata = Metadata()
        if let file = try container.file(named: "Metadata.csv") {
            metadata = try readMetadata(file, in: container)
            files.append(ImportedFile(path: file.displayPath, role: "metadata", report: RecordingReadReport()))
        }
        func present(_ name: String) throws(LocomotionError) -> ExportContainer.File? {
            container.isCollection
                ? try container.file(named: name)
                : (container.files[0].baseName.lowercased() == name.lowercased() ? container.files[0] : nil)
        }
        if !container.isCollection,
            !SensorLoggerLayout.sensorFileNames.contains(container.files[0].baseName.lowercased())
        {
            throw .unreadableFile(
                path: container.path,
                reason: "a Sensor Logger CSV is recognised by its file name (Accelerometer.csv, Location.csv, …); "
                    + "give the export folder or archive")
        }
        let platform: String
        if let known = metadata.platform?.lowercased(), known == "android" || known == "ios" {
            platform = known
        } else {
            platform = try present("TotalAcceleration.csv") != nil ? "android" : "ios"
            notes.append(
                "no platform in Metadata.csv: taken as \(platform) (\(platform == "android" ? "TotalAcceleration.csv is Android's" : "no TotalAcceleration.csv")); "
                    + "the sign of acceleration depends on it")
        }
        // Android and standardised iOS: accelerating force (+z up when lying screen up) → Core Motion's frame.
        let accelerationSign: Double = platform == "android" || metadata.standardised ? -1 : 1
        if accelerationSign < 0 {
            notes.append("acceleration and gravity negated into Core Motion's frame (−1 g on z lying screen up)")
        }

        var merger = StreamMerger(source: container.path)
        var epochFromTime: Double?
        var sources: [RecordingColumn: String] = [:]

        func motion(_ name: String, role: StreamMerger.MotionRole, unit: AccelerationUnit = .metersPerSecondSquared)
            throws(LocomotionError)
        {
            guard let file = try present(name) else { return }
            let isRotation = role == .rotationRate
            let axes: [RecordingColumn] =
                isRotation
                ? [.rotationRateX, .rotationRateY, .rotationRateZ] : [.accelerationX, .accelerationY, .accelerationZ]
            let columns: [RecordingColumn: String] = [
                .time: "seconds_elapsed", axes[0]: "x", axes[1]: "y", axes[2]: "z",
            ]
            let loaded = try ImportSupport.read(
                file, in: container, options: ImportSupport.options(from: options, columns: columns, acceleration: unit)
            )
            let series = isRotation ? loaded.recording.rotationRate! : loaded.recording.acceleration!
            merger.motions.append(
                StreamMerger.MotionStream(
                    name: file.displayPath, role: role, time: loaded.recording.time,
                    axes: ImportSupport.scaled(series, by: isRotation ? 1 : accelerationSign)))
            files.append(ImportedFile(path: file.displayPath, role: role.rawValue, report: loaded.report))
            epochFromTime = epochFromTime ?? epoch(of: loaded.recording)
            let unitText = isRotation ? "rad/s" : (unit == .g ? "g" : "m/s²")
            let target: [RecordingColumn] =
                switch role {
                case .acceleration, .gravity: [.accelerationX, .accelerationY, .accelerationZ]
                case .linearAcceleration: [.linearAccelerationX, .linearAccelerationY, .linearAccelerationZ]
                case .rotationRate: [.rotationRateX, .rotationRateY, .rotationRateZ]
                }
            for column in target where sources[column] == nil || role == .acceleration {
                sources[column] = "\(unitText), \(file.baseName)"
            }
        }

        try motion("Accelerometer.csv", role: .linearAcceleration)
        if try present("TotalAcceleration.csv") != nil {
            try motion("TotalAcceleration.csv", role: .acceleration)
        } else if try present("AccelerometerUncalibrated.csv") != nil {
            try motion(
                "AccelerometerUncalibrated.csv", role: .acceleration,
                unit: platform == "ios" && !metadata.standardised ? .g : .metersPerSecondSquared)
            notes.append("acceleration with gravity from AccelerometerUncalibrated.csv (no TotalAcceleration.csv)")
        } else if try present("Gravity.csv") != nil {
            try motion("Gravity.csv", role: .gravity)
            notes.append("acceleration with gravity = Accelerometer.csv (user acceleration) + Gravity.csv")
        }
        try motion("Gyroscope.csv", role: .rotationRate)

        if let file = try present("Location.csv") {
            let loaded = try ImportSupport.read(
                file, in: container, options: ImportSupport.options(from: options, columns: [.time: "seconds_elapsed"]))
            let recording = loaded.recording
            guard let speed = recording.speed else {
                throw .missingColumn(path: file.displayPath, quantity: "speed", accepted: RecordingColumn.speed.aliases)
            }
            var numbers: [(RecordingColumn, [Double])] = [(.speed, speed)]
            for (column, values) in [
                (RecordingColumn.speedAccuracy, recording.speedAccuracy),
                (.horizontalAccuracy, recording.horizontalAccuracy),
                (.latitude, recording.latitude), (.longitude, recording.longitude),
            ] {
                if let values { numbers.append((column, values)) }
            }
            merger.events.append(
                StreamMerger.EventStream(name: file.displayPath, time: recording.time, numbers: numbers))
            files.append(ImportedFile(path: file.displayPath, role: "location", report: loaded.report))
            epochFromTime = epochFromTime ?? epoch(of: recording)
        }
        if let file = try present("Pedometer.csv") {
            let loaded = try ImportSupport.read(
                file, in: container, options: ImportSupport.options(from: options, columns: [.time: "seconds_elapsed"]))
            guard let steps = loaded.recording.steps else {
                throw .missingColumn(path: file.displayPath, quantity: "steps", accepted: RecordingColumn.steps.aliases)
            }
            merger.events.append(
                StreamMerger.EventStream(
                    name: file.displayPath, time: loaded.recording.time, numbers: [(.steps, steps)]))
            files.append(ImportedFile(path: file.displayPath, role: "pedometer", report: loaded.report))
        }
        if let file = try present("Barometer.csv") {
            let loaded = try ImportSupport.read(
                file, in: container, options: ImportSupport.options(from: options, columns: [.time: "seconds_elapsed"]))
            guard let pressure = ImportSupport.extra(loaded.recording, named: "pressure") else {
                throw .missingColumn(path: file.displayPath, quantity: "pressure", accepted: ["pressure"])
            }
            var extras = [("pressure_hpa", pressure)]
            if let altitude = ImportSupport.extra(loaded.recording, named: "relativeAltitude") {
                extras.append(("relative_altitude_m", altitude))
            }
            merger.events.append(
                StreamMerger.EventStream(
                    name: file.displayPath, time: loaded.recording.time, numbers: [], extras: extras))
            files.append(ImportedFile(path: file.displayPath, role: "barometer", report: loaded.report))
        }
        for (name, column) in [("Annotation.csv", "text"), ("Activity.csv", "activity")] where merger.labels == nil {
            guard let file = try present(name) else { continue }
            let loaded = try ImportSupport.read(
                file, in: container,
                options: ImportSupport.options(from: options, columns: [.time: "seconds_elapsed", .label: column]))
            merger.labels = StreamMerger.LabelStream(
                name: file.displayPath, time: loaded.recording.time, labels: loaded.recording.labels ?? [])
            files.append(ImportedFile(path: file.displayPath, role: "labels", report: loaded.report))
            if name == "Activity.csv" {
                notes.append("labels are the operating system's activity guesses (Activity.csv)")
            }
        }
        let used = Set(files.map(\.path))
        let unused = container.files.filter { !used.contains($0.displayPath) }.map(\.name)
        if !unused.isEmpty { notes.append("not read: \(ImportSupport.listed(unused))") }
        if merger.motions.isEmpty && merger.events.isEmpty {
            throw .unreadableFile(
                path: container.path,
                reason: "the export has no sensor file the reader uses (Accelerometer.csv, Location.csv, …)")
        }

        if !merger.motions.contains(where: { $0.role == .acceleration || $0.role == .gravity }),
            merger.motions.contains(where: { $0.role == .linearAcceleration })
        {
            notes.append(
                "no acceleration with gravity: Accelerometer.csv has gravity removed and the export has no "
                    + "TotalAcceleration.csv, AccelerometerUncalibrated.csv or Gravity.csv (what needs gravity is skipped)"
            )
        }
        let (recording, merge) = merger.merge()
        notes += merge.droppedStreamNotes
        for column in [RecordingColumn.speed, .speedAccuracy, .horizontalAccuracy, .latitude, .longitude] {
            sources[column] = "Location.csv"
        }
        sources[.steps] = "Pedometer.csv"
        let layout = ImportSupport.layout(for: recording, sources: sources)
        return ImportedRecording(
            format: .sensorLogger,
            loaded: LoadedRecording(
                recording: recording, layout: layout, report: ImportSupport.sum(files.map(\.report))),
            files: files, merge: merge, platform: platform, startEpochSeconds: metadata.epochSeconds ?? epochFromTime,
            notes: notes)
    }

    /// The recording's start from its first row: `time` (ns since 1970) − `seconds_elapsed`.
    private static func epoch(of recording: Recording) -> Double? {
        guard let first = ImportSupport.extra(recording, named: "time")?.first, let nanoseconds = Double(first),
            let elapsed = recording.time.first
        else { return nil }
        return nanoseconds / 1e9 - elapsed
    }

    private static func readMetadata(_ file: ExportContainer.File, in container: ExportContainer)
        throws(LocomotionError) -> Metadata
    {
        let lines = try container.text(of: file).split(whereSeparator: \.isNewline).map(String.init)
        guard lines.count >= 2 else { return Metadata() }
        let header = CSVQuoting.cells(of: lines[0], separator: ",").map {
            $0.trimmingWhitespace().lowercased()
        }
        let row = CSVQuoting.cells(of: lines[1], separator: ",").map { $0.trimmingWhitespace() }
        func value(_ name: String) -> String? {
            header.firstIndex(of: name).flatMap { $0 < row.count && !row[$0].isEmpty ? row[$0] : nil }
        }
        var metadata = Metadata()
        metadata.platform = value("platform")
        metadata.standardised = value("standardisation")?.lowercased() == "true"
        metadata.epochSeconds = value("recording epoch time").flatMap(Double.init).map { $0 / 1000 }
        metadata.appVersion = value("appversion")
        metadata.device = value("device name")
        return metadata
    }
}
