import LocomotionDSP

/// Turns one window of three-axis acceleration (plus optional gyroscope and context) into a row
/// of features: the per-window engine under batch and streaming extraction.
///
/// ```swift
/// var extractor = try FeatureExtractor(sampleRate: 50)        // 128-sample windows
/// let vector = try extractor.extract(start: t0, end: t1, x: x, y: y, z: z, rotationRate: (gx, gy, gz))
/// print(vector["acc_mag_gait_frequency"] ?? .nan)
/// ```
///
/// The span overload `extract(start:end:x:y:z:rotationRate:context:into:)` (Swift 6.2 and later)
/// is the allocation-free path for loops over many windows: it reads the caller's samples in place
/// (an array's or a slice's `span`) and writes into the caller's row.
///
/// Everything is set up in `init`: the FFT plan and spectrum, the scratch buffers, the bin
/// ranges of every band and the column of every feature. Extracting a window into a row
/// then allocates nothing (unless a user ``FeatureGroup`` does): the magnitude goes into a held
/// buffer, its spectrum is computed once and read by every spectral feature, the order
/// statistics come from one sort of a scratch copy, and the gait features come from a
/// ``WindowStepAnalyzer`` made once per extractor.
///
/// Thread safety: a value type holding its own buffers; give each thread its own extractor
/// (copies get their own buffers on first use).
public struct FeatureExtractor: Sendable {
    /// What is computed.
    public let configuration: FeatureConfiguration
    /// The columns of every row.
    public let schema: FeatureSchema
    /// The sample rate of the windows, in Hz.
    public let sampleRate: Double
    /// Samples per window.
    public let windowLength: Int
    /// Samples between window starts.
    public let hopLength: Int
    /// What the acceleration given to ``extract(start:end:x:y:z:rotationRate:context:)`` holds.
    public let accelerationContent: AccelerationContent
    /// What the features need that this extractor's input lacks: ``AnalysisRequirement/gravity``
    /// for gravity-removed acceleration, ``AnalysisRequirement/gaitBand`` below 10 Hz. The
    /// columns that need it are NaN in every row (``BuiltinFeature/requirements``); empty when
    /// every column can be computed.
    public let missingRequirements: [AnalysisRequirement]
    /// The columns left NaN for ``missingRequirements``, in schema order.
    private let unavailableColumns: [Int]

    private var groups: [any FeatureGroup]
    private var analyzer: SpectrumAnalyzer
    private var stepAnalyzer: WindowStepAnalyzer?
    /// Gravity's sway and step correlation (``GravityRotation``), when a feature reads them and the
    /// acceleration has gravity.
    private var gravityRotation: GravityRotation?
    private var spectrum: Spectrum
    /// The magnitude, the summary's scratch (twice the window) and the gyroscope magnitude.
    private var buffers: WorkBuffers
    /// The safe copies of the window handed to user groups, and each group's values.
    private var groupInput: GroupInput
    /// The column and value of each single-column built-in feature read from the window's
    /// results, and of each statistic of the magnitude's summary (from their catalogue entries).
    /// (Concrete structs, not tuples: see ``BuiltinFeatureDefinition/ValueReader``.)
    private let builtinColumns: [ValueColumn]
    private let statisticColumns: [StatisticColumn]
    /// The first column of the power-band shares, when they are computed.
    private let bandColumn: Int?
    private let axisColumn: Int
    /// The per-series statistic of each of ``FeatureConfiguration/axisFeatures``.
    private let axisStatistics: [BuiltinFeatureDefinition.StatisticReader]
    private let groupColumns: [Range<Int>]
    private let bandBins: [Range<Int>?]
    private let needsSummary: Bool
    private let needsSpectrum: Bool
    private let needsAxisSummary: Bool
    private let needsGyroscope: Bool
    /// Whether the moments, root mean square, jerk and axis sums are merged from the sums of the
    /// window's two halves (at a hop of half an even window), each half summed once when windows
    /// follow each other (`PartialMoments`, `PartialAxisSums`).
    private let mergesHalves: Bool
    /// Whether the previous window's overlap with this one may be reused (see
    /// ``reusesOverlap``) and which half slot holds its sorted second half.
    private var overlap = OverlapState()

    /// Whether a window that begins with the previous window's last `windowLength − hopLength`
    /// samples (bit for bit, as consecutive windows of one stretch do) reuses what was computed
    /// for them: their magnitude and, at a hop of half the window, their sorted magnitude, from
    /// which the order statistics are selected beside the new half's instead of sorting the whole
    /// window. The values are the same bit for bit either way (tested); `false` computes every
    /// window from scratch, for tests and benchmarks that compare the two.
    package var reusesOverlap = true
    /// The windows so far that reused the previous window's overlap (for tests).
    package private(set) var reusedWindowCount = 0

    /// Checks what ``init(configuration:sampleRate:accelerationContent:)`` checks, without allocating any window-long
    /// buffer or FFT plan, so a window far longer than the recording costs nothing.
    ///
    /// - Parameters:
    ///   - configuration: The features and windowing to check.
    ///   - sampleRate: In Hz, within ``Recording/supportedSampleRates`` (5–1000 Hz).
    /// - Returns: The samples per window and between window starts, and the schema of the rows.
    /// - Throws: As ``init(configuration:sampleRate:accelerationContent:)``.
    /// - Complexity: O(*f*) in the number of features.
    public static func validate(_ configuration: FeatureConfiguration, sampleRate: Double) throws(LocomotionError)
        -> (window: Int, hop: Int, schema: FeatureSchema)
    {
        let (window, hop) = try configuration.lengths(sampleRate: sampleRate)
        // Below the gait rates the gait features are missing, so their band need not fit.
        let nyquist = Recording.gaitSampleRates.containsSampleRate(sampleRate) ? sampleRate / 2 : .infinity
        let gait = configuration.gaitBand
        guard gait.lowerBound >= 0, gait.upperBound <= nyquist, gait.lowerBound < gait.upperBound else {
            throw .invalidParameter(
                name: "gaitBand", value: "\(gait)",
                requirement: "it must be a non-empty band within 0...\(nyquist) (Hz)")
        }
        for band in configuration.powerBands
        where !(band.lowerBound >= 0 && band.upperBound.isFinite && band.lowerBound < band.upperBound) {
            throw .invalidParameter(
                name: "powerBands", value: "\(band)",
                requirement: "it must be finite, non-empty and at least 0 (Hz)")
        }
        guard configuration.maximumFixAge > 0 else {
            throw .invalidParameter(
                name: "maximumFixAge", value: "\(configuration.maximumFixAge)", requirement: "it must be positive (s)")
        }
        return (window, hop, try configuration.schema(sampleRate: sampleRate))
    }

    /// Prepares an extractor for windows of ``FeatureConfiguration/windowDuration`` at `sampleRate`.
    ///
    /// - Parameters:
    ///   - configuration: The features and windowing; the default computes every built-in.
    ///   - sampleRate: In Hz, within ``Recording/supportedSampleRates`` (5–1000 Hz). Below
    ///     ``Recording/gaitSampleRates`` (10 Hz) the gait features are missing (NaN).
    ///   - accelerationContent: What the windows' acceleration holds. For
    ///     ``AccelerationContent/excludingGravity`` the features that need gravity are missing
    ///     (NaN): every feature of the magnitude, the signal magnitude area, the gait features and
    ///     the per-axis statistics that carry the gravity offset (``BuiltinFeature/requirements``).
    ///     User groups see the acceleration as given. `.both` and `.includingGravity` mean that
    ///     the windows hold the acceleration including gravity.
    /// - Throws: `LocomotionError.invalidParameter` for a rate, duration or hop out of range, a
    ///   gait band outside `0...sampleRate/2`, a negative or non-finite power band, a non-positive
    ///   fix age, or duplicated feature names.
    /// - Complexity: O(*n*) in the window length plus FFT planning (and the step detector's
    ///   filter design when a gait feature is computed).
    public init(
        configuration: FeatureConfiguration = .init(), sampleRate: Double,
        accelerationContent: AccelerationContent = .includingGravity
    ) throws(LocomotionError) {
        let (window, hop, schema) = try Self.validate(configuration, sampleRate: sampleRate)
        self.configuration = configuration
        self.schema = schema
        self.sampleRate = sampleRate
        self.windowLength = window
        self.hopLength = hop
        self.accelerationContent = accelerationContent
        var met: Set<AnalysisRequirement> = []
        if accelerationContent.hasGravity { met.insert(.gravity) }
        if Recording.gaitSampleRates.containsSampleRate(sampleRate) { met.insert(.gaitBand) }
        self.groups = configuration.groups
        do {
            analyzer = try SpectrumAnalyzer(
                sampleCount: window, sampleRate: sampleRate, rigor: configuration.fftPlanning)
        } catch {
            throw .signalProcessing(error)
        }
        spectrum = analyzer.makeSpectrum()
        let inputs = Set(configuration.features.map(\.definition.input))
        // Gravity's step correlation reads the step lag.
        if (inputs.contains(.steps) || inputs.contains(.gravityRotation))
            && met.isSuperset(of: BuiltinFeature.stepCount.requirements)
        {
            stepAnalyzer = try WindowStepAnalyzer(
                sampleRate: sampleRate, maximumWindowLength: window, fftPlanning: configuration.fftPlanning)
        }
        if inputs.contains(.gravityRotation) && met.contains(.gravity) {
            gravityRotation = GravityRotation(sampleRate: sampleRate, windowLength: window)
        }
        var column = 0
        var columns: [ValueColumn] = []
        var statistics: [StatisticColumn] = []
        var bands: Int?
        var unavailable: [Int] = []
        var missing: Set<AnalysisRequirement> = []
        for feature in configuration.features {
            let definition = feature.definition
            let width = definition.columns == .powerBands ? configuration.powerBands.count : 1
            if !met.isSuperset(of: feature.requirements) {
                unavailable += column..<(column + width)
                missing.formUnion(feature.requirements.subtracting(met))
            }
            if definition.columns == .powerBands {
                bands = column
                column += configuration.powerBands.count
                continue
            }
            if let value = definition.value {
                columns.append(ValueColumn(column: column, value: value))
            } else {
                statistics.append(StatisticColumn(column: column, statistic: definition.statistic!))
            }
            column += 1
        }
        builtinColumns = columns
        statisticColumns = statistics
        bandColumn = bands
        axisColumn = column
        // validate(_:sampleRate:) checked, through the schema, that every one is a per-series statistic.
        axisStatistics = configuration.axisFeatures.map { $0.definition.statistic! }
        for (index, feature) in configuration.axisFeatures.enumerated()
        where !met.isSuperset(of: feature.perAxisRequirements) {
            // writeAxisFeatures writes each statistic's x, y and z side by side.
            unavailable += (column + 3 * index)..<(column + 3 * index + 3)
            missing.formUnion(feature.perAxisRequirements.subtracting(met))
        }
        column += 3 * configuration.axisFeatures.count
        unavailableColumns = unavailable.sorted()
        missingRequirements = AnalysisRequirement.allCases.filter { missing.contains($0) }
        var ranges: [Range<Int>] = []
        for group in configuration.groups {
            ranges.append(column..<(column + group.descriptors.count))
            column += group.descriptors.count
        }
        groupColumns = ranges
        let shape = spectrum
        bandBins = configuration.powerBands.map { Self.bins(of: $0, in: shape) }
        // Groups read the spectrum; the spectrum and the gait features need the summary to tell
        // a constant window.
        let spectral = inputs.contains(.spectrum) || !configuration.groups.isEmpty
        needsSpectrum = spectral
        needsSummary =
            spectral || inputs.contains(.steps) || inputs.contains(.gravityRotation)
            || inputs.contains(.magnitudeSummary)
        needsAxisSummary = inputs.contains(.axes)
        needsGyroscope = inputs.contains(.rotationRate)
        mergesHalves = 2 * hop == window && hop > 1
        // Groups see the rotation rate, so it is validated for them too.
        // The previous window's last samples (three axes) and their magnitude, and two sorted
        // half windows when the hop is half the window.
        let shared = max(window - hop, 0)
        buffers = WorkBuffers(doubles: [
            window, 2 * window, needsGyroscope || !configuration.groups.isEmpty ? window : 0,
            3 * shared, shared, needsSummary && 2 * hop == window && hop > 1 ? 2 * hop : 0,
        ])
        groupInput = GroupInput(
            windowLength: configuration.groups.isEmpty ? 0 : window,
            valueCounts: configuration.groups.map(\.descriptors.count))
    }

    /// The bins above DC from `band.lowerBound` (inclusive) to `band.upperBound` (exclusive, or
    /// inclusive of Nyquist when the band reaches it); `nil` when the band starts at or above
    /// Nyquist.
    static func bins(of band: ClosedRange<Double>, in spectrum: Spectrum) -> Range<Int>? {
        let nyquist = spectrum.sampleRate / 2
        guard band.lowerBound < nyquist else { return nil }
        let count = spectrum.binCount
        var first = 1
        while first < count, spectrum.frequency(ofBin: first) < band.lowerBound { first += 1 }
        var end = first
        while end < count, band.upperBound >= nyquist || spectrum.frequency(ofBin: end) < band.upperBound { end += 1 }
        return first..<end
    }

    #if compiler(>=6.2)
        /// Computes one window's features into `row`, reading the samples in place: the
        /// allocation-free form for loops over many windows (pass an array's or a slice's `span`).
        ///
        /// ```swift
        /// var row = [Double](repeating: .nan, count: extractor.schema.count)
        /// var output = row.mutableSpan
        /// try extractor.extract(start: t0, end: t1, x: x[window].span, y: y[window].span, z: z[window].span, into: &output)
        /// ```
        ///
        /// - Parameters:
        ///   - start: Time of the window's first sample, in seconds.
        ///   - end: Time of the window's last sample, in seconds.
        ///   - x: ``windowLength`` accelerations along x, in g.
        ///   - y: ``windowLength`` accelerations along y, in g.
        ///   - z: ``windowLength`` accelerations along z, in g.
        ///   - rotationRate: The gyroscope's three axes (rad/s, ``windowLength`` each), or `nil`
        ///     (the gyroscope features are then NaN).
        ///   - context: GPS and pedometer state at the window's end.
        ///   - row: Exactly `schema.count` values, overwritten in ``schema`` order; missing values are NaN.
        /// - Throws: `LocomotionError.invalidParameter` for spans of the wrong length,
        ///   `.signalProcessing(.nonFiniteSample(index:))` for a NaN or infinite sample (`row` is then
        ///   unspecified).
        /// - Complexity: O(*n* log *n*) for *n* = ``windowLength``, plus O(*n*·*L*) for the
        ///   autocorrelation of the gait features over *L* ≤ 2/3·*n* lags; no allocation.
        public mutating func extract(
            start: Double, end: Double, x: Span<Double>, y: Span<Double>, z: Span<Double>,
            rotationRate: (x: Span<Double>, y: Span<Double>, z: Span<Double>)? = nil,
            context: WindowContext = .init(), into row: inout MutableSpan<Double>
        ) throws(LocomotionError) {
            try row.withUnsafeMutableBufferPointer { (row) throws(LocomotionError) in
                try x.withUnsafeBufferPointer { (x) throws(LocomotionError) in
                    try y.withUnsafeBufferPointer { (y) throws(LocomotionError) in
                        try z.withUnsafeBufferPointer { (z) throws(LocomotionError) in
                            guard let rotationRate else {
                                return try extractBuffers(
                                    start: start, end: end, x: x, y: y, z: z, context: context, into: row)
                            }
                            try rotationRate.x.withUnsafeBufferPointer { (gx) throws(LocomotionError) in
                                try rotationRate.y.withUnsafeBufferPointer { (gy) throws(LocomotionError) in
                                    try rotationRate.z.withUnsafeBufferPointer { (gz) throws(LocomotionError) in
                                        try extractBuffers(
                                            start: start, end: end, x: x, y: y, z: z, rotationRate: (gx, gy, gz),
                                            context: context, into: row)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    #endif

    /// Computes one window's features into `row`: the engine under the public forms, batch and
    /// streaming extraction, and the benchmarks (the buffers are read in place).
    ///
    /// - Parameters: As the span form.
    /// - Throws: `LocomotionError.invalidParameter` for buffers of the wrong length,
    ///   `.signalProcessing(.nonFiniteSample(index:))` for a NaN or infinite sample (`row` is then
    ///   unspecified).
    /// - Complexity: O(*n* log *n*) for *n* = ``windowLength``; no allocation.
    package mutating func extractBuffers(
        start: Double, end: Double, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        z: UnsafeBufferPointer<Double>,
        rotationRate: (
            x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
        )? =
            nil,
        context: WindowContext = .init(), into row: UnsafeMutableBufferPointer<Double>
    ) throws(LocomotionError) {
        let count = windowLength
        guard x.count == count, y.count == count, z.count == count,
            rotationRate.map({ $0.x.count == count && $0.y.count == count && $0.z.count == count }) ?? true
        else {
            throw .invalidParameter(
                name: "window", value: "\(x.count) samples",
                requirement: "it must hold exactly \(count) samples on every axis")
        }
        guard row.count == schema.count else {
            throw .invalidParameter(
                name: "row.count", value: "\(row.count)",
                requirement: "it must equal the schema's \(schema.count) features")
        }
        let held = ObjectIdentifier(buffers)
        WorkBuffers.uniqueCopy(of: &buffers)
        // A copy of the extractor gets fresh buffers, without the previous window's samples.
        let continues =
            reusesOverlap && overlap.isValid && ObjectIdentifier(buffers) == held
            && Self.begins(x, y, z, with: UnsafeBufferPointer(buffers.doubles(3)))
        overlap.isValid = false  // until this window's shared part is saved
        if continues { reusedWindowCount += 1 }
        let magnitude = UnsafeBufferPointer(buffers.doubles(0))
        let scratch = buffers.doubles(1)
        let gyroscope = buffers.doubles(2)
        let sharedCount = buffers.doubles(4).count
        if continues {
            buffers.doubles(0).baseAddress!.update(from: buffers.doubles(4).baseAddress!, count: sharedCount)
        }
        // The window summary validates the magnitude (naming the same sample index); check here
        // only when it is not computed. A finite magnitude also means finite axes.
        try Self.computeMagnitude(
            x, y, z, into: buffers.doubles(0), from: continues ? sharedCount : 0, validate: !needsSummary)
        var values = WindowValues()
        if let rotationRate, !gyroscope.isEmpty {
            // Statistics.moments validates it.
            try Self.computeMagnitude(rotationRate.x, rotationRate.y, rotationRate.z, into: gyroscope, validate: false)
            values.gyroscope = try Self.dsp { () throws(DSPError) in
                try Statistics.moments(of: UnsafeBufferPointer(gyroscope))
            }
        }
        try computeBuiltins(
            magnitude: magnitude, x: x, y: y, z: z, scratch: scratch, continues: continues, values: &values)
        if sharedCount > 0, reusesOverlap { saveOverlap(x, y, z, magnitude: magnitude) }
        if stepAnalyzer != nil {
            values.steps = try stepAnalyzer!.analyze(finite: magnitude)
            // A constant magnitude has no autocorrelation shape, as it has no spectral one.
            if values.summary.map({ $0.moments.skewness == nil }) ?? false { values.steps?.regularity = nil }
        }
        if gravityRotation != nil {
            // The summary checked the magnitude finite, so the axes are.
            values.gravityRotation = gravityRotation!.measure(
                x: x, y: y, z: z, stepCadence: values.steps?.regularity?.cadence, axesAreFinite: true)
        }
        if !configuration.axisFeatures.isEmpty {
            try Self.writeAxisFeatures(
                configuration.axisFeatures, statistics: axisStatistics, x: x, y: y, z: z, sampleRate: sampleRate,
                scratch: scratch,
                into: UnsafeMutableBufferPointer(rebasing: row[axisColumn...]))
        }
        values.context = context
        if let summary = values.summary {
            for entry in statisticColumns {
                row[entry.column] = entry.statistic.read(summary, values.jerk, sampleRate)
            }
        } else {
            for entry in statisticColumns { row[entry.column] = .nan }
        }
        for entry in builtinColumns { row[entry.column] = entry.value.read(&values) ?? .nan }
        if let bandColumn {
            for band in bandBins.indices {
                row[bandColumn + band] = bandBins[band].map { values.fraction(of: $0, in: spectrum) } ?? .nan
            }
        }
        for column in unavailableColumns { row[column] = .nan }
        guard !groups.isEmpty else { return }
        try computeGroups(
            start: start, end: end, x: x, y: y, z: z, magnitude: magnitude, rotationRate: rotationRate,
            context: context, into: row)
    }

    /// Hands the window to every user group as safe arrays (copied into arrays the extractor
    /// holds, so no allocation unless a group keeps a copy) and copies their values into `row`.
    private mutating func computeGroups(
        start: Double, end: Double, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        z: UnsafeBufferPointer<Double>, magnitude: UnsafeBufferPointer<Double>,
        rotationRate: (x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>)?,
        context: WindowContext, into row: UnsafeMutableBufferPointer<Double>
    ) throws(LocomotionError) {
        groupInput.copy(x: x, y: y, z: z, magnitude: magnitude, rotationRate: rotationRate)
        let window = FeatureWindow(
            start: start, end: end, sampleRate: sampleRate, x: groupInput.x, y: groupInput.y, z: groupInput.z,
            magnitude: groupInput.magnitude,
            rotationRate: rotationRate == nil
                ? nil : (groupInput.rotationX, groupInput.rotationY, groupInput.rotationZ),
            spectrum: spectrum, context: context)
        for index in groups.indices {
            let columns = groupColumns[index]
            groups[index].compute(window, into: &groupInput.values[index])
            let values = groupInput.values[index]
            guard values.count == columns.count else {
                throw .invalidParameter(
                    name: "FeatureGroup '\(groups[index].descriptors.first?.name ?? "")' values",
                    value: "\(values.count) values",
                    requirement: "it must be \(columns.count), one per descriptor of the group")
            }
            for (offset, value) in values.enumerated() { row[columns.lowerBound + offset] = value }
        }
    }

    /// Computes one window's features into a new array: the simplest entry point (it allocates
    /// the row; the span overload is the allocation-free path for loops).
    ///
    /// ```swift
    /// var extractor = try FeatureExtractor(sampleRate: 50)
    /// let vector = try extractor.extract(start: 0, end: 2.54, x: x, y: y, z: z, rotationRate: (gx, gy, gz))
    /// ```
    ///
    /// - Parameters:
    ///   - start: Time of the first sample, in seconds.
    ///   - end: Time of the last sample, in seconds.
    ///   - x: ``windowLength`` accelerations along x, in g.
    ///   - y: ``windowLength`` accelerations along y, in g.
    ///   - z: ``windowLength`` accelerations along z, in g.
    ///   - rotationRate: The gyroscope's three axes (rad/s, ``windowLength`` each), or `nil`
    ///     (the gyroscope features are then NaN).
    ///   - context: GPS and pedometer state at the window's end.
    /// - Returns: The window's vector, in ``schema`` order.
    /// - Throws: As the buffer overload: `LocomotionError.invalidParameter` for arrays of the
    ///   wrong length, `.signalProcessing(.nonFiniteSample(index:))` for a NaN or infinite sample.
    /// - Complexity: O(*n* log *n*) for *n* = ``windowLength``; allocates the row.
    public mutating func extract(
        start: Double, end: Double, x: [Double], y: [Double], z: [Double],
        rotationRate: (x: [Double], y: [Double], z: [Double])? = nil, context: WindowContext = .init()
    ) throws(LocomotionError) -> FeatureVector {
        var row = [Double](repeating: .nan, count: schema.count)
        try row.withUnsafeMutableBufferPointer { (row) throws(LocomotionError) in
            try Self.withBuffers(x, y, z) { (x, y, z) throws(LocomotionError) in
                guard let rotationRate else {
                    return try extractBuffers(start: start, end: end, x: x, y: y, z: z, context: context, into: row)
                }
                try Self.withBuffers(rotationRate.x, rotationRate.y, rotationRate.z) {
                    (gx, gy, gz) throws(LocomotionError) in
                    try extractBuffers(
                        start: start, end: end, x: x, y: y, z: z, rotationRate: (gx, gy, gz), context: context,
                        into: row)
                }
            }
        }
        return FeatureVector(schema: schema, values: row, start: start, end: end)
    }

    // MARK: - Kernels

    /// Runs `body` on the buffers of three arrays.
    @_spi(Testing) public static func withBuffers(
        _ x: [Double], _ y: [Double], _ z: [Double],
        _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>)
            throws(LocomotionError) -> Void
    ) throws(LocomotionError) {
        try x.withUnsafeBufferPointer { (x) throws(LocomotionError) in
            try y.withUnsafeBufferPointer { (y) throws(LocomotionError) in
                try z.withUnsafeBufferPointer { (z) throws(LocomotionError) in try body(x, y, z) }
            }
        }
    }

    /// Runs DSP work, wrapping its error.
    static func dsp<R>(_ body: () throws(DSPError) -> R) throws(LocomotionError) -> R {
        do { return try body() } catch { throw .signalProcessing(error) }
    }

    /// `√(x² + y² + z²)` per sample; when asked to validate, throws naming the first sample whose
    /// magnitude is not finite.
    static func computeMagnitude(
        _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, _ z: UnsafeBufferPointer<Double>,
        into output: UnsafeMutableBufferPointer<Double>, from first: Int = 0, validate: Bool
    ) throws(LocomotionError) {
        for index in first..<output.count {
            output[index] = (x[index] * x[index] + y[index] * y[index] + z[index] * z[index]).squareRoot()
        }
        guard validate, let index = output.firstIndex(where: { !$0.isFinite }) else { return }
        throw .signalProcessing(.nonFiniteSample(index: index))
    }

    /// `fs·√(mean((xᵢ₊₁ − xᵢ)²))`, in sample units per second.
    static func jerkRootMeanSquare(_ samples: UnsafeBufferPointer<Double>, sampleRate: Double) -> Double {
        var sum = 0.0
        for index in 1..<samples.count {
            let difference = (samples[index] - samples[index - 1]) * sampleRate
            sum += difference * difference
        }
        return (sum / Double(samples.count - 1)).squareRoot()
    }

    /// Whether each axis begins with the previous window's last samples held in `shared` (the
    /// three axes' runs one after another), bit for bit.
    private static func begins(
        _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, _ z: UnsafeBufferPointer<Double>,
        with shared: UnsafeBufferPointer<Double>
    ) -> Bool {
        let count = shared.count / 3
        guard count > 0 else { return false }
        // The first sample tells most unrelated windows apart at once; then every bit is
        // compared, without a branch per sample so the loop vectorises.
        guard x[0].bitPattern == shared[0].bitPattern else { return false }
        func difference(_ samples: UnsafeBufferPointer<Double>, axis: Int) -> UInt64 {
            let held = shared.baseAddress! + axis * count
            var bits: UInt64 = 0
            for index in 0..<count { bits |= samples[index].bitPattern ^ held[index].bitPattern }
            return bits
        }
        return difference(x, axis: 0) | difference(y, axis: 1) | difference(z, axis: 2) == 0
    }

    /// Keeps this window's last `windowLength − hopLength` samples and their magnitude for the
    /// next window, which begins with them when it is the next of the same stretch.
    private mutating func saveOverlap(
        _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, _ z: UnsafeBufferPointer<Double>,
        magnitude: UnsafeBufferPointer<Double>
    ) {
        let shared = buffers.doubles(3)
        let count = shared.count / 3
        let first = windowLength - count
        func keep(_ samples: UnsafeBufferPointer<Double>, axis: Int) {
            (shared.baseAddress! + axis * count).update(from: samples.baseAddress! + first, count: count)
        }
        keep(x, axis: 0)
        keep(y, axis: 1)
        keep(z, axis: 2)
        buffers.doubles(4).baseAddress!.update(from: magnitude.baseAddress! + first, count: count)
        overlap.isValid = true
    }

    /// The magnitude's summary. At a hop of half the window, a window that continues the previous
    /// one reads its order statistics from its first half, sorted for the previous window, and its
    /// second half sorted now (kept for the next window), by selection without merging them; any
    /// other window is summarised directly, and a continuing one
    /// also sorts its second half for the next.
    private mutating func magnitudeSummary(
        _ magnitude: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>, continues: Bool,
        merged: MergedHalves?
    ) throws(LocomotionError) -> WindowSummary {
        // With merged halves the magnitude is known finite; the summary is the window's order
        // statistics and crossings beside the merged moments.
        func direct() throws(LocomotionError) -> WindowSummary {
            guard let merged else {
                return try Self.dsp { () throws(DSPError) in try Statistics.summary(of: magnitude, scratch: scratch) }
            }
            let count = magnitude.count
            let sorted = UnsafeMutableBufferPointer(rebasing: scratch[..<count])
            Statistics.sortFinite(
                magnitude, into: sorted, counts: UnsafeMutableBufferPointer(rebasing: scratch[count...]))
            return Statistics.summaryOfFinite(
                magnitude, sorted: UnsafeBufferPointer(sorted), moments: merged.magnitude.moments,
                rootMeanSquare: merged.magnitude.rootMeanSquare)
        }
        let halves = buffers.doubles(5)
        let half = halves.count / 2
        let hasSortedHalf = continues && overlap.hasSortedHalf
        overlap.hasSortedHalf = false
        // Only the second half is new when the window continues the previous one (whose magnitude
        // was checked); a non-finite sample takes the direct path, which names it.
        // With merged halves every sample was checked finite already (mergedHalves).
        guard half > 0, continues, merged != nil || Self.isFinite(UnsafeBufferPointer(rebasing: magnitude[half...]))
        else {
            return try direct()
        }
        let count = magnitude.count
        let counts = UnsafeMutableBufferPointer(rebasing: scratch[count...])
        func slot(_ index: Int) -> UnsafeMutableBufferPointer<Double> {
            UnsafeMutableBufferPointer(rebasing: halves[(index * half)..<((index + 1) * half)])
        }
        // The slot of the window's first half; its second half goes to the other, for the next window.
        let (firstSlot, secondSlot) = (slot(overlap.sortedSlot), slot(1 - overlap.sortedSlot))
        Statistics.sortFinite(UnsafeBufferPointer(rebasing: magnitude[half...]), into: secondSlot, counts: counts)
        overlap.sortedSlot = 1 - overlap.sortedSlot
        overlap.hasSortedHalf = true
        guard hasSortedHalf else { return try direct() }
        guard let merged else {
            let sorted = UnsafeMutableBufferPointer(rebasing: scratch[..<count])
            Statistics.mergeSorted(UnsafeBufferPointer(firstSlot), UnsafeBufferPointer(secondSlot), into: sorted)
            return Statistics.summaryOfFinite(magnitude, sorted: UnsafeBufferPointer(sorted))
        }
        // The order statistics are read from the two sorted halves by selection, without merging them.
        return Statistics.summaryOfFinite(
            magnitude, sortedRuns: UnsafeBufferPointer(firstSlot), UnsafeBufferPointer(secondSlot),
            moments: merged.magnitude.moments, rootMeanSquare: merged.magnitude.rootMeanSquare)
    }

    /// The sums of the window's two halves merged: the first half's kept from the previous window
    /// when this one continues it, else summed now; the second half's summed now and kept for the
    /// next window. Every window's values are thus merged from its halves, whether or not the
    /// previous window was seen, so batch, streamed and single extraction agree bit for bit.
    ///
    /// - Throws: `.signalProcessing(.nonFiniteSample(index:))` for the first non-finite magnitude
    ///   sample (as the summary would).
    private mutating func mergedHalves(
        magnitude: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        z: UnsafeBufferPointer<Double>, continues: Bool
    ) throws(LocomotionError) -> MergedHalves {
        let held = continues ? overlap.heldHalf : nil
        overlap.heldHalf = nil
        // A continuing window's first half was checked with the previous window.
        let unchecked = held == nil ? magnitude : UnsafeBufferPointer(rebasing: magnitude[hopLength...])
        if !Self.isFinite(unchecked), let index = magnitude.firstIndex(where: { !$0.isFinite }) {
            throw .signalProcessing(.nonFiniteSample(index: index))
        }
        func halves(_ samples: UnsafeBufferPointer<Double>) -> (
            UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>
        ) {
            (UnsafeBufferPointer(rebasing: samples[..<hopLength]), UnsafeBufferPointer(rebasing: samples[hopLength...]))
        }
        let (m, mx, my, mz) = (halves(magnitude), halves(x), halves(y), halves(z))
        let second = MergedHalves(
            magnitude: PartialMoments(of: m.1),
            axes: needsAxisSummary ? PartialAxisSums(x: mx.1, y: my.1, z: mz.1) : nil)
        let first =
            held
            ?? MergedHalves(
                magnitude: PartialMoments(of: m.0),
                axes: needsAxisSummary ? PartialAxisSums(x: mx.0, y: my.0, z: mz.0) : nil)
        overlap.heldHalf = second
        return MergedHalves(
            magnitude: PartialMoments.merged(first.magnitude, second.magnitude),
            axes: first.axes.flatMap { a in second.axes.map { PartialAxisSums.merged(a, $0) } })
    }

    /// Whether every sample is finite, without a branch per sample: `x − x` is +0 for a finite
    /// `x` and NaN for an infinite or NaN one, and the lanes' sums stay +0 only while every
    /// difference is.
    private static func isFinite(_ samples: UnsafeBufferPointer<Double>) -> Bool {
        let count = samples.count
        let base = UnsafeRawPointer(samples.baseAddress!)
        var lanes = SIMD4<Double>()
        var index = 0
        while index &+ 4 <= count {
            let values = base.loadUnaligned(fromByteOffset: index &* 8, as: SIMD4<Double>.self)
            lanes += values - values
            index &+= 4
        }
        var rest = 0.0
        while index < count {
            rest += samples[index] - samples[index]
            index &+= 1
        }
        return (lanes.sum() + rest) == 0
    }

    private mutating func computeBuiltins(
        magnitude: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        z: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>, continues: Bool,
        values: inout WindowValues
    ) throws(LocomotionError) {
        let merged = try mergesHalves ? mergedHalves(magnitude: magnitude, x: x, y: y, z: z, continues: continues) : nil
        if needsSummary {
            values.summary = try magnitudeSummary(magnitude, scratch: scratch, continues: continues, merged: merged)
        }
        if needsAxisSummary {
            // The axes are finite: their magnitude was checked.
            let axes = merged?.axes?.summary ?? Statistics.axisSummaryOfFiniteAxes(x: x, y: y, z: z)
            values.correlations = (axes.correlationXY ?? .nan, axes.correlationXZ ?? .nan, axes.correlationYZ ?? .nan)
            values.signalMagnitudeArea = axes.signalMagnitudeArea
        }
        values.jerk =
            merged?.magnitude.jerkRootMeanSquare(sampleRate: sampleRate)
            ?? Self.jerkRootMeanSquare(magnitude, sampleRate: sampleRate)
        guard needsSpectrum else { return }
        // The summary checked the magnitude finite.
        analyzer.analyze(finite: magnitude, into: &spectrum)
        // A constant magnitude (to rounding level) has no spectral shape: its detrended spectrum
        // holds only rounding noise, so every spectral feature stays missing.
        guard values.summary?.moments.skewness != nil else { return }
        values.isSpectrumDefined = true
        values.dominant = spectrum.dominantPeak(in: nil, interpolation: .gaussian)
        values.gait = spectrum.dominantPeak(in: configuration.gaitBand, interpolation: .gaussian)
        values.shape = spectrum.shape(bins: 1..<spectrum.binCount)
        values.totalPower = spectrum.power(inBins: 1..<spectrum.binCount)
        if let gait = values.gait, values.totalPower > 0 {
            // The gait peak against the whole spectrum, not only the few bins of the gait band.
            values.gaitProminence = spectrum.power[gait.bin] / (values.totalPower / Double(spectrum.binCount - 1))
        }
    }

    /// Writes the per-axis statistics: feature *i* of axis *a* (x, y, z) at `row[3·i + a]`.
    private static func writeAxisFeatures(
        _ features: [BuiltinFeature],
        statistics: [BuiltinFeatureDefinition.StatisticReader],
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        z: UnsafeBufferPointer<Double>, sampleRate: Double, scratch: UnsafeMutableBufferPointer<Double>,
        into row: UnsafeMutableBufferPointer<Double>
    ) throws(LocomotionError) {
        let needsJerk = features.contains(.jerkRootMeanSquare)
        // One axis at a time, without building an array of the three per window.
        func write(_ samples: UnsafeBufferPointer<Double>, axis: Int) throws(LocomotionError) {
            let summary = try dsp { () throws(DSPError) in try Statistics.summary(of: samples, scratch: scratch) }
            let jerk =
                needsJerk ? jerkRootMeanSquare(samples, sampleRate: sampleRate) : .nan
            for (index, statistic) in statistics.enumerated() {
                row[3 * index + axis] = statistic.read(summary, jerk, sampleRate)
            }
        }
        try write(x, axis: 0)
        try write(y, axis: 1)
        try write(z, axis: 2)
    }
}

/// What a window leaves for the next one that overlaps it.
private struct OverlapState: Sendable {
    /// Whether the held samples, magnitude and sorted half are the previous window's.
    var isValid = false
    /// Which half slot holds the sorted first half of the next window.
    var sortedSlot = 0
    /// Whether that slot holds it (the previous window sorted its second half).
    var hasSortedHalf = false
    /// The sums of the previous window's second half, when it merged its halves.
    var heldHalf: MergedHalves?
}

/// The sums of a half window (or of a whole one, merged from its halves): the magnitude's moments
/// and, when the axis features are computed, the axes' sums.
private struct MergedHalves: Sendable {
    var magnitude: PartialMoments
    var axes: PartialAxisSums?
}

/// The column a catalogue value is written to.
private struct ValueColumn: Sendable {
    let column: Int
    let value: BuiltinFeatureDefinition.ValueReader
}

/// The column a statistic of the magnitude's summary is written to.
private struct StatisticColumn: Sendable {
    let column: Int
    let statistic: BuiltinFeatureDefinition.StatisticReader
}

/// The extractor's safe copy of one window, handed to user groups, and the groups' values.
private struct GroupInput {
    var x: [Double]
    var y: [Double]
    var z: [Double]
    var magnitude: [Double]
    var rotationX: [Double]
    var rotationY: [Double]
    var rotationZ: [Double]
    /// One array per group, as long as its descriptors, NaN before each call.
    var values: [[Double]]

    init(windowLength: Int, valueCounts: [Int]) {
        let zeros = [Double](repeating: 0, count: windowLength)
        (x, y, z, magnitude, rotationX, rotationY, rotationZ) = (zeros, zeros, zeros, zeros, zeros, zeros, zeros)
        values = valueCounts.map { [Double](repeating: .nan, count: $0) }
    }

    mutating func copy(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>,
        magnitude: UnsafeBufferPointer<Double>,
        rotationRate: (x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>)?
    ) {
        func put(_ source: UnsafeBufferPointer<Double>, into array: inout [Double]) {
            array.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: source) }
        }
        put(x, into: &self.x)
        put(y, into: &self.y)
        put(z, into: &self.z)
        put(magnitude, into: &self.magnitude)
        if let rotationRate {
            put(rotationRate.x, into: &rotationX)
            put(rotationRate.y, into: &rotationY)
            put(rotationRate.z, into: &rotationZ)
        }
        for index in values.indices {
            values[index].withUnsafeMutableBufferPointer { $0.update(repeating: .nan) }
        }
    }
}
