extension StepDetectorConfiguration {
    /// One tunable parameter of the configuration, named by its path (`group.name`, or `name` at
    /// the top level), with a typed key path to read and write it: what a tuning study or a
    /// command line's `--set amplitude.minimumProminence=0.06` needs without reflection.
    ///
    /// ``StepDetectorConfiguration/parameters`` lists every stored parameter once. Setting a
    /// parameter checks the value's shape (a finite number, a whole number, a finite range with
    /// ordered bounds); the ranges that depend on other parameters (a minimum step interval at
    /// most the context's half-width, ...) are checked by ``StepDetectorConfiguration/validate()``
    /// once every parameter is set, as the detector does when it starts.
    public struct Parameter: Sendable, CustomStringConvertible {
        /// What kind of value a parameter holds.
        public enum Kind: Sendable, Hashable {
            /// A finite `Double`.
            case number
            /// An `Int`.
            case wholeNumber
            /// A `ClosedRange<Double>` with finite bounds, written `LOW...HIGH`.
            case range

            /// The values of this kind, as an error message says it (`"a finite number"`).
            public var expected: String {
                switch self {
                case .number: "a finite number"
                case .wholeNumber: "a whole number"
                case .range: "finite LOW...HIGH with LOW <= HIGH"
                }
            }
        }

        /// A parameter's value.
        public enum Value: Sendable, Hashable, CustomStringConvertible {
            /// A number (``Kind/number``).
            case number(Double)
            /// A whole number (``Kind/wholeNumber``).
            case wholeNumber(Int)
            /// A range (``Kind/range``).
            case range(ClosedRange<Double>)
            /// No value: an optional parameter that is off (``Parameter/isOptional``).
            case none

            /// `0.05`, `4`, `-0.25...0.1` or `nil`: the text ``Parameter/parse(_:)`` reads back
            /// (except `nil`, which only ``Parameter/set(_:in:)`` takes).
            public var description: String {
                switch self {
                case .number(let value): "\(value)"
                case .wholeNumber(let value): "\(value)"
                case .range(let range): "\(range.lowerBound)...\(range.upperBound)"
                case .none: "nil"
                }
            }
        }

        private enum Access: Sendable {
            case number(WritableKeyPath<StepDetectorConfiguration, Double> & Sendable)
            case optionalNumber(WritableKeyPath<StepDetectorConfiguration, Double?> & Sendable)
            case wholeNumber(WritableKeyPath<StepDetectorConfiguration, Int> & Sendable)
            case range(WritableKeyPath<StepDetectorConfiguration, ClosedRange<Double>> & Sendable)
            case optionalRange(WritableKeyPath<StepDetectorConfiguration, ClosedRange<Double>?> & Sendable)
        }

        /// The group (`"amplitude"`), or `nil` for a top-level parameter (`maximumGap`).
        public let group: String?
        /// The parameter's name in its group (`"minimumProminence"`); unique across the groups.
        public let name: String
        /// The unit of the value (`"s"`, `"Hz"`, `"g"`), empty for a ratio or a count.
        public let unit: String
        /// One line on what the parameter does (the property's documentation says more).
        public let summary: String
        private let access: Access

        private init(_ group: String?, _ name: String, _ unit: String, _ access: Access, _ summary: String) {
            (self.group, self.name, self.unit, self.access, self.summary) = (group, name, unit, access, summary)
        }

        /// `group.name`, or `name` at the top level: `"amplitude.minimumProminence"`.
        public var path: String { group.map { "\($0).\(name)" } ?? name }

        /// The kind of value the parameter holds.
        public var kind: Kind {
            switch access {
            case .number, .optionalNumber: .number
            case .wholeNumber: .wholeNumber
            case .range, .optionalRange: .range
            }
        }

        /// Whether the parameter may be `nil` (off): ``Value/none`` is a valid value.
        public var isOptional: Bool {
            switch access {
            case .optionalNumber, .optionalRange: true
            case .number, .wholeNumber, .range: false
            }
        }

        /// The path, the kind and the unit: `amplitude.minimumProminence (number, g)`.
        public var description: String {
            "\(path) (\(kind)\(isOptional ? ", optional" : "")\(unit.isEmpty ? "" : ", \(unit)"))"
        }

        /// The parameter's value in `configuration`.
        ///
        /// - Complexity: O(1).
        public func value(in configuration: StepDetectorConfiguration) -> Value {
            switch access {
            case .number(let path): .number(configuration[keyPath: path])
            case .optionalNumber(let path): configuration[keyPath: path].map(Value.number) ?? .none
            case .wholeNumber(let path): .wholeNumber(configuration[keyPath: path])
            case .range(let path): .range(configuration[keyPath: path])
            case .optionalRange(let path): configuration[keyPath: path].map(Value.range) ?? .none
            }
        }

        /// Sets the parameter in `configuration` to `value`, which must be of the parameter's
        /// ``kind`` (or ``Value/none`` for an optional parameter), finite, and for a range
        /// ordered. Ranges that depend on other parameters are left to
        /// ``StepDetectorConfiguration/validate()``.
        ///
        /// - Throws: `LocomotionError.invalidParameter` naming ``path`` when the value is of
        ///   another kind, not finite, or a range whose bounds are out of order; `configuration`
        ///   is then unchanged.
        /// - Complexity: O(1).
        public func set(_ value: Value, in configuration: inout StepDetectorConfiguration) throws(LocomotionError) {
            switch (access, value) {
            case (.number(let path), .number(let number)) where number.isFinite:
                configuration[keyPath: path] = number
            case (.optionalNumber(let path), .number(let number)) where number.isFinite:
                configuration[keyPath: path] = number
            case (.optionalNumber(let path), .none): configuration[keyPath: path] = nil
            case (.wholeNumber(let path), .wholeNumber(let number)): configuration[keyPath: path] = number
            case (.range(let path), .range(let range)) where Self.isFinite(range):
                configuration[keyPath: path] = range
            case (.optionalRange(let path), .range(let range)) where Self.isFinite(range):
                configuration[keyPath: path] = range
            case (.optionalRange(let path), .none): configuration[keyPath: path] = nil
            default:
                throw .invalidParameter(
                    name: path, value: value.description,
                    requirement: "it must be \(kind.expected)\(isOptional ? " or nil" : "")")
            }
        }

        /// Reads a value of the parameter's ``kind`` from text: a finite number (`0.06`, `1e-2`),
        /// a whole number (`4`, or `4.0`), or a range `LOW...HIGH` (`-0.25...0.1`).
        ///
        /// - Throws: `LocomotionError.invalidParameter` naming ``path``, the text and
        ///   ``Kind/expected``.
        /// - Complexity: O(*n*) in the text's length.
        public func parse(_ text: String) throws(LocomotionError) -> Value {
            let value: Value?
            switch kind {
            case .range:
                let bounds = text.components(separatedBy: "...").compactMap { Double($0) }
                value =
                    bounds.count == 2 && bounds[0] <= bounds[1] && bounds.allSatisfy(\.isFinite)
                    ? .range(bounds[0]...bounds[1]) : nil
            case .wholeNumber:
                value = Double(text).flatMap { Int(exactly: $0) }.map(Value.wholeNumber)
            case .number:
                value = Double(text).flatMap { $0.isFinite ? Value.number($0) : nil }
            }
            guard let value else {
                throw .invalidParameter(name: path, value: text, requirement: "it must be \(kind.expected)")
            }
            return value
        }

        /// ``parse(_:)`` then ``set(_:in:)``.
        ///
        /// - Throws: `LocomotionError.invalidParameter` as those do.
        /// - Complexity: O(*n*) in the text's length.
        public func set(parsing text: String, in configuration: inout StepDetectorConfiguration)
            throws(LocomotionError)
        {
            try set(parse(text), in: &configuration)
        }

        private static func isFinite(_ range: ClosedRange<Double>) -> Bool {
            range.lowerBound.isFinite && range.upperBound.isFinite
        }

        /// Every parameter, in the order the configuration declares them.
        static let all: [Parameter] = [
            .init(
                "candidates", "lowPassCutoff", "Hz", .number(\.candidates.lowPassCutoff),
                "low-pass cutoff of the acceleration magnitude"),
            .init(
                "candidates", "minimumStepInterval", "s", .number(\.candidates.minimumStepInterval),
                "shortest time between two steps"),
            .init(
                "candidates", "stepPeriodSpacing", "", .number(\.candidates.stepPeriodSpacing),
                "candidates spaced by this fraction of the context's step period (0 off)"),
            .init(
                "amplitude", "minimumProminence", "g", .number(\.amplitude.minimumProminence),
                "smallest prominence of a strong candidate"),
            .init(
                "amplitude", "weakMinimumProminence", "g", .number(\.amplitude.weakMinimumProminence),
                "smallest prominence of any candidate"),
            .init(
                "amplitude", "relativeProminence", "", .number(\.amplitude.relativeProminence),
                "prominence of a strong candidate, in standard deviations of its context"),
            .init(
                "amplitude", "weakProminence", "", .number(\.amplitude.weakProminence),
                "prominence of a weak candidate, in standard deviations of its context"),
            .init(
                "amplitude", "minimumSpread", "g", .number(\.amplitude.minimumSpread),
                "standard deviation a strong candidate's context reaches"),
            .init(
                "amplitude", "prominenceWindow", "s", .number(\.amplitude.prominenceWindow),
                "how far either side of a peak its prominence looks"),
            .init("context", "halfWidth", "s", .number(\.context.halfWidth), "half the context's length; the latency"),
            .init(
                "context", "stepPeriods", "s", .range(\.context.stepPeriods),
                "step periods the periodicity rule looks at"),
            .init(
                "context", "minimumRegularity", "", .number(\.context.minimumRegularity),
                "autocorrelation a strong candidate's context reaches"),
            .init(
                "context", "weakRegularity", "", .number(\.context.weakRegularity),
                "autocorrelation a weak candidate's context reaches"),
            .init(
                "context", "maximumRoughness", "", .number(\.context.maximumRoughness),
                "vibration limit: roughness over the low-passed spread"),
            .init(
                "context", "vigorousSpread", "g", .number(\.context.vigorousSpread),
                "spread above which a context may be rougher"),
            .init(
                "context", "vigorousRoughness", "", .number(\.context.vigorousRoughness),
                "vibration limit of a vigorous context"),
            .init(
                "context", "maximumVerticalDeficit", "g", .optionalNumber(\.context.maximumVerticalDeficit),
                "posture rule: largest fall of the vertical acceleration below 1 g (nil off)"),
            .init(
                "bout", "minimumRunLength", "", .wholeNumber(\.bout.minimumRunLength),
                "candidates a run needs before its steps count"),
            .init(
                "bout", "minimumStrongSteps", "", .wholeNumber(\.bout.minimumStrongSteps),
                "strong candidates a run needs"),
            .init(
                "bout", "maximumStepInterval", "s", .number(\.bout.maximumStepInterval),
                "longest interval inside a run"),
            .init(
                "bout", "maximumIntervalRatio", "", .number(\.bout.maximumIntervalRatio),
                "largest ratio of consecutive intervals inside a run"),
            .init(
                "bout", "closingStepInterval", "s", .number(\.bout.closingStepInterval),
                "longest interval of a run's slower last step (0 off)"),
            .init(
                "timing", "initialContactSearch", "s", .optionalRange(\.timing.initialContactSearch),
                "where the initial contact is looked for, relative to the peak (nil keeps the peak)"),
            .init(
                "timing", "initialContactSmoothing", "s", .number(\.timing.initialContactSmoothing),
                "standard deviation of the derivative-of-Gaussian"),
            .init(
                "timing", "initialContactStepFraction", "", .number(\.timing.initialContactStepFraction),
                "how far before the peak, in step periods, the initial-contact search also reaches (0 off)"),
            .init(
                "rhythm", "memory", "s", .number(\.rhythm.memory),
                "how long the walker's step period is remembered after a bout (0 off)"),
            .init(
                "rhythm", "minimumPeriod", "s", .number(\.rhythm.minimumPeriod),
                "the rhythm rules serve walkers whose remembered step period is at least this"),
            .init(
                "rhythm", "periodTolerance", "", .number(\.rhythm.periodTolerance),
                "relative tolerance of an interval or lag that keeps the remembered step period"),
            .init(
                "rhythm", "matchedRegularity", "", .number(\.rhythm.matchedRegularity),
                "autocorrelation at the remembered step period a strong candidate's context reaches"),
            .init(
                "rhythm", "matchedRunLength", "", .wholeNumber(\.rhythm.matchedRunLength),
                "candidates a run keeping the remembered period needs"),
            .init(
                "rhythm", "matchedStrongSteps", "", .wholeNumber(\.rhythm.matchedStrongSteps),
                "strong candidates a run keeping the remembered period needs"),
            .init(
                "gaitBout", "window", "s", .number(\.gaitBout.window),
                "the walker's recent signal a gait bout's periodicity is measured on (0 off)"),
            .init(
                "gaitBout", "periods", "s", .range(\.gaitBout.periods),
                "step periods a gait bout's autocorrelation is read at"),
            .init(
                "gaitBout", "regularity", "", .number(\.gaitBout.regularity),
                "autocorrelation at the step period that makes the window a gait bout"),
            .init(
                "gaitBout", "shortestPeriod", "s", .number(\.gaitBout.shortestPeriod),
                "the bout path serves bouts whose step period is at least this"),
            .init(
                "gaitBout", "energyFraction", "", .number(\.gaitBout.energyFraction),
                "a candidate in a bout is strong from this multiple of the bout's standard deviation"),
            .init(
                "gaitBout", "prominenceFloor", "g", .number(\.gaitBout.prominenceFloor),
                "absolute prominence floor of a candidate in a bout"),
            .init(
                "gaitBout", "horizontalMotion", "", .number(\.gaitBout.horizontalMotion),
                "horizontal acceleration a bout needs, a multiple of its vertical acceleration"),
            .init(
                "gaitBout", "fillSteps", "", .wholeNumber(\.gaitBout.fillSteps),
                "predicted steps that may follow one another in a confirmed slow run (0 off)"),
            .init(
                "gaitBout", "fillFraction", "", .number(\.gaitBout.fillFraction),
                "a predicted step's prominence, a multiple of the walker's recent step prominence"),
            .init(
                "gaitBout", "echoSteps", "", .wholeNumber(\.gaitBout.echoSteps),
                "rejected candidates in a row at the walker's rhythm that make a short bout (0 off)"),
            .init(
                "gaitBout", "echoFraction", "", .number(\.gaitBout.echoFraction),
                "an echo step's prominence, a multiple of the walker's recent step prominence"),
            .init(
                "gaitBout", "echoMemory", "s", .number(\.gaitBout.echoMemory),
                "how long after a confirmed run its period may confirm an echo"),
            .init(
                nil, "maximumGap", "s", .optionalNumber(\.maximumGap),
                "intervals longer than this are gaps (nil: 5 sample intervals, at least 0.1 s)"),
        ]
    }

    /// Every tunable parameter of the configuration, once each, in declaration order (the
    /// groups, then ``maximumGap``).
    public static var parameters: [Parameter] { Parameter.all }

    /// The parameter with this path (`"amplitude.minimumProminence"`) or bare name
    /// (`"minimumProminence"`: every name is unique); `nil` for any other text.
    ///
    /// - Complexity: O(*p*) for *p* parameters.
    public static func parameter(named name: String) -> Parameter? {
        Parameter.all.first { $0.path == name || $0.name == name }
    }

    /// Sets the parameter with this path or name (``parameter(named:)``) from text, as
    /// ``Parameter/set(parsing:in:)`` reads it. Call ``validate()`` after the last change to
    /// check the ranges that depend on other parameters.
    ///
    /// ```swift
    /// var configuration = StepDetectorConfiguration.trunk
    /// try configuration.setParameter("amplitude.minimumProminence", to: "0.06")
    /// try configuration.setParameter("minimumRunLength", to: "3")
    /// try configuration.validate()
    /// ```
    ///
    /// - Throws: `LocomotionError.invalidParameter` for an unknown name, or a value of the wrong
    ///   kind; the configuration is then unchanged.
    /// - Complexity: O(*p* + *n*) for *p* parameters and text of length *n*.
    public mutating func setParameter(_ name: String, to text: String) throws(LocomotionError) {
        guard let parameter = Self.parameter(named: name) else {
            throw .invalidParameter(
                name: name, value: text, requirement: "it must name a StepDetectorConfiguration parameter")
        }
        try parameter.set(parsing: text, in: &self)
    }
}
