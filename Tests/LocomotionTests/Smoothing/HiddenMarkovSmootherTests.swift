import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// The fixture written by `Fixtures/generate_hmm.py` (hmmlearn, numpy, scipy).
struct HiddenMarkovFixture: Decodable {
    struct Case: Decodable {
        var name: String
        var stateCount: Int
        var start: [Double]
        var transitions: [[Double]]
        var prior: [Double]?
        var probabilities: [[Double]]
        var viterbi: [Int]
        var viterbiLogProbability: Double
        var posteriors: [[Double]]
        var logLikelihood: Double
        var filtered: [[Double]]
    }

    struct Hop: Decodable {
        var name: String
        var perSecond: [[Double]]
        var hops: [Double]
        var expected: [[[Double]]]
        var embeddable: Bool
    }

    var cases: [Case]
    var hops: [Hop]

    static let shared: HiddenMarkovFixture? = {
        guard let url = Bundle.module.url(forResource: "hmm", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(HiddenMarkovFixture.self, from: data)
    }()

    static func load() throws -> HiddenMarkovFixture {
        try #require(
            shared, "Fixtures/hmm.json is missing or unreadable; run Tests/LocomotionTests/Fixtures/generate_hmm.py")
    }

    static func testCase(_ name: String) throws -> Case {
        try #require(try load().cases.first { $0.name == name }, "no case \(name) in hmm.json")
    }
}

extension HiddenMarkovFixture.Case {
    func smoother() throws -> HiddenMarkovSmoother {
        try HiddenMarkovSmoother(
            transitions: TransitionMatrix(rows: transitions), initial: start,
            emission: prior.map { .dividedByPrior($0) } ?? .probabilities)
    }
}

/// The largest absolute difference between two tables of the same shape.
func maximumDifference(_ lhs: [[Double]], _ rhs: [[Double]]) -> Double {
    precondition(lhs.count == rhs.count)
    var largest = 0.0
    for (a, b) in zip(lhs, rhs) {
        precondition(a.count == b.count)
        for (x, y) in zip(a, b) { largest = max(largest, abs(x - y)) }
    }
    return largest
}

func maximumDifference(_ lhs: TransitionMatrix, _ rhs: TransitionMatrix) -> Double {
    maximumDifference(lhs.rows, rhs.rows)
}

func product(_ lhs: TransitionMatrix, _ rhs: TransitionMatrix) -> TransitionMatrix {
    TransitionMatrix(unchecked: lhs.squareMatrix * rhs.squareMatrix)
}

@Suite("HiddenMarkovSmoother against hmmlearn")
struct HiddenMarkovReferenceTests {
    static let caseNames = ["k3-a", "k3-b", "k3-sparse", "k5-a", "k5-b", "k5-prior", "k5-single"]

    @Test func theFixtureHasEveryCase() throws {
        let fixture = try HiddenMarkovFixture.load()
        #expect(fixture.cases.map(\.name) == Self.caseNames)
    }

    @Test(arguments: caseNames)
    func viterbiPathEqualsHmmlearn(_ name: String) throws {
        let testCase = try HiddenMarkovFixture.testCase(name)
        let path = try testCase.smoother().viterbi(testCase.probabilities)
        #expect(path.states == testCase.viterbi)
        #expect(abs(path.logProbability - testCase.viterbiLogProbability) <= 1e-9 * abs(testCase.viterbiLogProbability))
    }

    @Test(arguments: caseNames)
    func posteriorsAndLogLikelihoodEqualHmmlearn(_ name: String) throws {
        let testCase = try HiddenMarkovFixture.testCase(name)
        let smoother = try testCase.smoother()
        let posteriors = try smoother.posteriors(testCase.probabilities)
        #expect(maximumDifference(posteriors.probabilities, testCase.posteriors) <= 1e-9)
        #expect(abs(posteriors.logLikelihood - testCase.logLikelihood) <= 1e-9 * abs(testCase.logLikelihood))
        let forwardOnly = try smoother.logLikelihood(testCase.probabilities)
        #expect(abs(forwardOnly - testCase.logLikelihood) <= 1e-9 * abs(testCase.logLikelihood))
    }

    @Test(arguments: caseNames)
    func filteringEqualsTheNumpyForwardPass(_ name: String) throws {
        let testCase = try HiddenMarkovFixture.testCase(name)
        let smoother = try testCase.smoother()
        #expect(maximumDifference(try smoother.filtered(testCase.probabilities), testCase.filtered) <= 1e-9)
        var filter = smoother.makeFilter()
        for row in testCase.probabilities { try filter.update(row) }
        #expect(abs(filter.logLikelihood - testCase.logLikelihood) <= 1e-9 * abs(testCase.logLikelihood))
    }

    @Test(arguments: ["k3-sparse", "k5-a", "k5-prior"])
    func filteringEqualsTheLastPosteriorOfEveryPrefix(_ name: String) throws {
        let testCase = try HiddenMarkovFixture.testCase(name)
        let smoother = try testCase.smoother()
        var filter = smoother.makeFilter()
        for length in 1...testCase.probabilities.count {
            let filtered = try filter.update(testCase.probabilities[length - 1])
            let prefix = Array(testCase.probabilities.prefix(length))
            let posteriors = try smoother.posteriors(prefix)
            #expect(maximumDifference([filtered], [posteriors.probabilities[length - 1]]) <= 1e-12)
            #expect(abs(filter.logLikelihood - posteriors.logLikelihood) <= 1e-12 * abs(posteriors.logLikelihood))
        }
    }
}

@Suite("TransitionMatrix hop scaling")
struct TransitionMatrixHopTests {
    @Test func hopsEqualScipy() throws {
        let fixture = try HiddenMarkovFixture.load()
        #expect(fixture.hops.map(\.name) == ["embeddable-k3", "embeddable-k5", "activity-preset"])
        for hop in fixture.hops {
            let perSecond = try TransitionMatrix(rows: hop.perSecond)
            let generator = try #require(perSecond.generator())
            #expect(generator.adjusted == !hop.embeddable, "\(hop.name)")
            for (steps, expected) in zip(hop.hops, hop.expected) {
                let scaled = try perSecond.power(steps)
                #expect(maximumDifference(scaled.rows, expected) <= 1e-12, "\(hop.name), h = \(steps)")
            }
        }
    }

    @Test func thePresetInTheFixtureIsThePackagesPreset() throws {
        let hop = try #require(try HiddenMarkovFixture.load().hops.first { $0.name == "activity-preset" })
        #expect(TransitionMatrix.activityPriorsPerSecond.rows == hop.perSecond)
    }

    /// A per-second matrix that is exp of a generator, so embeddable, from seeded rates.
    static func embeddable(seed: UInt64, count: Int, rate: Double) -> TransitionMatrix {
        var random = SplitMix64(seed: seed)
        var generator = SquareMatrix(order: count, values: [Double](repeating: 0, count: count * count))
        for i in 0..<count {
            var sum = 0.0
            for j in 0..<count where j != i {
                generator[i, j] = rate * random.nextUnit()
                sum += generator[i, j]
            }
            generator[i, i] = -sum
        }
        return TransitionMatrix(unchecked: generator.generatorExponential(time: 1))
    }

    @Test(arguments: [0.25, 0.5, 1.0, 1.25, 2.56, 3.7])
    func twoHopsEqualOneDoubleHop(_ hop: Double) throws {
        for (seed, count, rate) in [(1 as UInt64, 3, 0.4), (2, 5, 0.1), (3, 5, 0.5)] {
            let perSecond = Self.embeddable(seed: seed, count: count, rate: rate)
            let single = try perSecond.power(hop)
            let double = try perSecond.power(2 * hop)
            #expect(maximumDifference(product(single, single), double) <= 1e-12, "seed \(seed), h = \(hop)")
        }
    }

    @Test func hopsAddForThePresetAcrossFractions() throws {
        // Not embeddable: fractional hops share the adjusted generator, so they still add while
        // the sum stays within one whole step.
        let preset = TransitionMatrix.activityPriorsPerSecond
        for (a, b) in [(0.3, 0.3), (0.2, 0.5), (1.3, 0.4), (2.1, 0.75)] {
            let sum = try preset.power(a + b)
            #expect(maximumDifference(product(try preset.power(a), try preset.power(b)), sum) <= 1e-12)
        }
    }

    @Test func wholeHopsArePowersOfTheMatrix() throws {
        let preset = TransitionMatrix.activityPriorsPerSecond
        #expect(try preset.power(0) == .identity(stateCount: 5))
        #expect(maximumDifference(try preset.power(1), preset) <= 1e-16)
        let cube = product(product(preset, preset), preset)
        #expect(maximumDifference(try preset.power(3), cube) <= 1e-15)
        // exp(log P) recovers an embeddable P.
        let embeddable = Self.embeddable(seed: 9, count: 4, rate: 0.3)
        let generator = try #require(embeddable.generator())
        #expect(!generator.adjusted)
        let recovered = TransitionMatrix(unchecked: generator.matrix.generatorExponential(time: 1))
        #expect(maximumDifference(recovered, embeddable) <= 1e-13)
    }

    @Test func fractionalHopsAreStochasticAndMonotone() throws {
        var previousStay = 1.0
        for hop in [0.1, 0.5, 0.9, 1.5, 2.56, 5, 10, 60.5] {
            let matrix = try TransitionMatrix.activityPriors(hop: hop)
            #expect(matrix.probabilities.allSatisfy { $0 >= 0 && $0 <= 1 })
            for state in 0..<5 { #expect(abs(matrix.row(state).reduce(0, +) - 1) <= 1e-14) }
            let stay = matrix[3, 3]
            #expect(stay < previousStay, "driving's stay probability falls with the hop")
            previousStay = stay
        }
    }

    @Test func perSecondStayAndSwitchProbabilitiesScaleLikePower() throws {
        let stay = [0.95, 0.9, 0.99]
        let switching = [[0, 0.03, 0.02], [0.05, 0, 0.05], [0.004, 0.006, 0]]
        let perSecond = try TransitionMatrix(stay: stay, switching: switching)
        #expect(perSecond.rows == [[0.95, 0.03, 0.02], [0.05, 0.9, 0.05], [0.004, 0.006, 0.99]])
        for hop in [0.5, 2.56, 4.0] {
            let scaled = try TransitionMatrix(stay: stay, switching: switching, hop: hop)
            #expect(scaled == (try perSecond.power(hop)))
        }
        // The diagonal of `switching` is not read.
        let withDiagonal = [[7, 0.03, 0.02], [0.05, -1, 0.05], [0.004, 0.006, 0.5]]
        #expect(try TransitionMatrix(stay: stay, switching: withDiagonal) == perSecond)
    }

    @Test func thePresetKeepsTheGivenPriors() throws {
        let preset = TransitionMatrix.activityPriorsPerSecond
        let (walking, running, cycling, driving, stationary) = (0, 1, 2, 3, 4)
        #expect(ActivityType.decidable == [.walking, .running, .cycling, .driving, .stationary])
        #expect(preset[driving, driving] == 0.999)
        #expect(preset[driving, walking] == 0.001)
        #expect(preset[walking, running] == 0.05)
        #expect(preset[running, walking] == 0.05)
        for other in [running, cycling, stationary] { #expect(preset[driving, other] == 0) }
        #expect(preset[cycling, stationary] == TransitionMatrix.defaultActivitySwitchPerSecond)
        #expect(abs(preset[walking, walking] - 0.947) <= 1e-15)
        #expect(abs(preset[stationary, stationary] - 0.996) <= 1e-15)
        #expect(try TransitionMatrix.activityPriors() == preset)
    }

    @Test func aMatrixWithoutALogarithmTakesOnlyWholeHops() throws {
        let alternating = try TransitionMatrix(rows: [[0, 1], [1, 0]])
        #expect(try alternating.power(2) == .identity(stateCount: 2))
        #expect(try alternating.power(3) == alternating)
        let error = #expect(throws: LocomotionError.self) { try alternating.power(0.5) }
        #expect(error?.code == .invalidParameter)
    }

    /// The checks that find their fault by searching (a ragged row, a matrix without a real
    /// logarithm) read like every other parameter check: `name = value is invalid; requirement`.
    @Test func searchedFaultsNameTheParameter() throws {
        let ragged = #expect(throws: LocomotionError.self) { try TransitionMatrix(rows: [[0.5, 0.5], [1]]) }
        #expect(ragged?.parameter == "rows[1].count")
        #expect(ragged?.message.hasPrefix("rows[1].count = 1 is invalid; it must be 2") == true)
        let alternating = try TransitionMatrix(rows: [[0, 1], [1, 0]])
        let fractional = #expect(throws: LocomotionError.self) { try alternating.power(0.5) }
        #expect(fractional?.parameter == "steps")
        #expect(fractional?.message.hasPrefix("steps = 0.5 is invalid; it must be a whole number") == true)
    }

    @Test(arguments: [-1.0, .nan, .infinity, 0x1p53])
    func badHopsAreRejected(_ hop: Double) {
        let error = #expect(throws: LocomotionError.self) { try TransitionMatrix.activityPriors(hop: hop) }
        #expect(error?.code == .invalidParameter)
    }
}

@Suite("TransitionMatrix from counts and validation")
struct TransitionMatrixCountingTests {
    @Test func countsWithoutSmoothing() throws {
        let matrix = try TransitionMatrix(counting: [[0, 0, 1, 1, 1, 2], [2, 2, 0]], stateCount: 3, alpha: 0)
        // 0→0 once, 0→1 once; 1→1 twice, 1→2 once; 2→2 once, 2→0 once. The boundary 2 | 2 between
        // the sequences is not counted.
        let expected: [[Double]] = [[0.5, 0.5, 0], [0, 2.0 / 3, 1.0 / 3], [0.5, 0, 0.5]]
        #expect(matrix.rows == expected)
    }

    @Test func laplaceSmoothing() throws {
        let matrix = try TransitionMatrix(counting: [[0, 0, 1, 1, 1, 2], [2, 2, 0]], stateCount: 3, alpha: 1)
        let expected: [[Double]] = [[2, 2, 1].map { $0 / 5 }, [1, 3, 2].map { $0 / 6 }, [2, 1, 2].map { $0 / 5 }]
        #expect(matrix.rows == expected)
        let half = try TransitionMatrix(counting: [[0, 1]], stateCount: 2, alpha: 0.5)
        #expect(half.rows == [[0.25, 0.75], [0.5, 0.5]])
    }

    @Test func aStateNeverLeftStaysPut() throws {
        let matrix = try TransitionMatrix(counting: [[0, 1, 0], [2]], stateCount: 4, alpha: 0)
        #expect(matrix.rows == [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        #expect(try TransitionMatrix(counting: [], stateCount: 2, alpha: 0) == .identity(stateCount: 2))
        #expect(
            try TransitionMatrix(counting: [], stateCount: 2) == TransitionMatrix(rows: [[0.5, 0.5], [0.5, 0.5]]))
    }

    @Test func activitySequencesBreakAtUnknown() throws {
        let matrix = try TransitionMatrix(
            counting: [[.walking, .walking, .unknown, .driving, .driving], [.stationary, .walking]], alpha: 0)
        var expected = TransitionMatrix.identity(stateCount: 5).rows
        expected[4] = [1, 0, 0, 0, 0]
        #expect(matrix.rows == expected)
    }

    @Test func badCountingInput() {
        var error = #expect(throws: LocomotionError.self) { try TransitionMatrix(counting: [[0, 3]], stateCount: 3) }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("sequence 0, position 1") == true)
        error = #expect(throws: LocomotionError.self) { try TransitionMatrix(counting: [[0, -1]], stateCount: 3) }
        #expect(error?.code == .invalidData)
        for alpha in [-0.1, .nan, .infinity] {
            error = #expect(throws: LocomotionError.self) {
                try TransitionMatrix(counting: [[0]], stateCount: 1, alpha: alpha)
            }
            #expect(error?.code == .invalidParameter)
            error = #expect(throws: LocomotionError.self) {
                try TransitionMatrix(counting: [[ActivityType.walking]], alpha: alpha)
            }
            #expect(error?.code == .invalidParameter)
        }
        error = #expect(throws: LocomotionError.self) { try TransitionMatrix(counting: [], stateCount: 0) }
        #expect(error?.code == .invalidParameter)
    }

    @Test(arguments: [
        [[Double]](),
        [[0.5, 0.5]],
        [[0.5, 0.5], [0.5]],
        [[0.5, 0.5], [0.5, 0.6]],
        [[0.5, 0.5], [1.5, -0.5]],
        [[0.5, 0.5], [.nan, 1]],
        [[0.5, 0.5], [.infinity, 0]],
        [[1 + 2e-9]],
    ])
    func invalidMatricesAreRejected(_ rows: [[Double]]) {
        let error = #expect(throws: LocomotionError.self) { try TransitionMatrix(rows: rows) }
        #expect(error?.code == .invalidParameter)
    }

    @Test func rowsWithinTheToleranceAreAccepted() throws {
        let matrix = try TransitionMatrix(rows: [[0.3, 0.7 + 5e-10], [0, 1]])
        #expect(matrix.stateCount == 2)
        #expect(matrix[0, 1] == 0.7 + 5e-10)
    }

    @Test func invalidStayAndSwitchTablesAreRejected() {
        let cases: [([Double], [[Double]])] = [
            ([0.9, 0.9], [[0, 0.1]]),
            ([0.9, 0.9], [[0, 0.1], [0.1]]),
            ([1.1, 0.9], [[0, -0.1], [0.1, 0]]),
            ([0.9, 0.8], [[0, 0.1], [0.1, 0]]),
            ([0.9, .nan], [[0, 0.1], [0.1, 0]]),
        ]
        for (stay, switching) in cases {
            let error = #expect(throws: LocomotionError.self) { try TransitionMatrix(stay: stay, switching: switching) }
            #expect(error?.code == .invalidParameter)
        }
    }

    @Test func codableRoundTripAndValidation() throws {
        let preset = TransitionMatrix.activityPriorsPerSecond
        let data = try JSONEncoder().encode(preset)
        #expect(try JSONDecoder().decode(TransitionMatrix.self, from: data) == preset)
        let smoother = try HiddenMarkovSmoother(
            transitions: preset, initial: [0.2, 0.2, 0.2, 0.2, 0.2],
            emission: .dividedByPrior([0.1, 0.1, 0.2, 0.3, 0.3]))
        #expect(try JSONDecoder().decode(HiddenMarkovSmoother.self, from: JSONEncoder().encode(smoother)) == smoother)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TransitionMatrix.self, from: Data(#"{"rows":[[0.5,0.6],[0,1]]}"#.utf8))
        }
    }
}

@Suite("HiddenMarkovSmoother behaviour")
struct HiddenMarkovSmootherTests {
    static let twoState = try! TransitionMatrix(rows: [[0.9, 0.1], [0.2, 0.8]])

    @Test func invalidParametersAreRejected() {
        let transitions = Self.twoState
        let initials: [[Double]] = [[1], [0.5, 0.6], [-0.5, 1.5], [.nan, 1]]
        for initial in initials {
            let error = #expect(throws: LocomotionError.self) {
                try HiddenMarkovSmoother(transitions: transitions, initial: initial)
            }
            #expect(error?.code == .invalidParameter)
        }
        let priors: [[Double]] = [[1], [0, 1], [0.5, 0.6], [.infinity, 0.5]]
        for prior in priors {
            let error = #expect(throws: LocomotionError.self) {
                try HiddenMarkovSmoother(transitions: transitions, emission: .dividedByPrior(prior))
            }
            #expect(error?.code == .invalidParameter)
        }
        #expect(throws: LocomotionError.self) { try HiddenMarkovSmoother.activities(hop: -1) }
    }

    @Test func badEmissionsAreDataErrorsAndLeaveTheFilterUnchanged() throws {
        let smoother = try HiddenMarkovSmoother(transitions: Self.twoState)
        var filter = smoother.makeFilter()
        try filter.update([0.7, 0.3])
        let before = filter
        for bad in [[0.5], [0.5, 0.5, 0], [-0.1, 1], [.nan, 0.5], [0.5, .infinity]] {
            let error = #expect(throws: LocomotionError.self) { try filter.update(bad) }
            #expect(error?.code == .invalidData)
            #expect(filter == before)
            var buffer = [0.25, 0.75]
            #expect(throws: LocomotionError.self) { try filter.update(bad, into: &buffer) }
            #expect(buffer == [0.25, 0.75])
        }
        let error = #expect(throws: LocomotionError.self) { try smoother.viterbi([[0.5, 0.5], [0.5, -1]]) }
        #expect(error?.message.contains("window 1, state 1") == true)
        #expect(throws: LocomotionError.self) { try smoother.posteriors([[0.5, 0.5], [1]]) }
        #expect(throws: LocomotionError.self) { try smoother.logLikelihood([[.nan, 0.5]]) }
        #expect(throws: LocomotionError.self) { try smoother.filtered([[0.5, 0.5], [1]]) }
    }

    @Test func noWindows() throws {
        let smoother = try HiddenMarkovSmoother.activities()
        let path = try smoother.viterbi([])
        #expect(path.states.isEmpty && path.logProbability == 0)
        let posteriors = try smoother.posteriors([])
        #expect(posteriors.probabilities.isEmpty && posteriors.logLikelihood == 0)
        #expect(try smoother.logLikelihood([]) == 0)
        #expect(try smoother.filtered([]) == [])
        let filter = smoother.makeFilter()
        #expect(filter.posterior == [0.2, 0.2, 0.2, 0.2, 0.2])
        #expect(filter.mostProbableState == nil)
    }

    /// Windows where the classifier is certain (0s and 1s), switching class now and then, and
    /// some windows of all zeros.
    static func extremeProbabilities(count: Int, states: Int, seed: UInt64) -> [[Double]] {
        var random = SplitMix64(seed: seed)
        var state = 0
        return (0..<count).map { _ in
            if random.nextUnit() < 0.01 { state = Int(random.next() % UInt64(states)) }
            var row = [Double](repeating: 0, count: states)
            let draw = random.nextUnit()
            if draw < 0.01 { return row }  // all zero
            row[draw < 0.05 ? Int(random.next() % UInt64(states)) : state] = 1
            return row
        }
    }

    @Test func longSequencesOfExtremeEmissionsStayFinite() throws {
        let count = 100_000
        let probabilities = Self.extremeProbabilities(count: count, states: 5, seed: 42)
        for smoother in [
            try HiddenMarkovSmoother.activities(hop: 2.56),
            try HiddenMarkovSmoother.activities(emission: .dividedByPrior([0.4, 0.1, 0.1, 0.3, 0.1])),
        ] {
            var filter = smoother.makeFilter()
            var buffer = [Double](repeating: 0, count: 5)
            var allValid = true
            for row in probabilities {
                try filter.update(row, into: &buffer)
                allValid = allValid && Self.isDistribution(buffer, tolerance: 1e-12)
            }
            #expect(allValid, "every filtered posterior is a distribution")
            #expect(filter.windowCount == count)
            #expect(filter.logLikelihood.isFinite)

            let path = try smoother.viterbi(probabilities)
            #expect(path.states.count == count)
            #expect(path.logProbability.isFinite)
            #expect(path.states.allSatisfy { (0..<5).contains($0) })

            let posteriors = try smoother.posteriors(probabilities)
            #expect(posteriors.logLikelihood.isFinite)
            #expect(abs(posteriors.logLikelihood - filter.logLikelihood) <= 1e-9 * abs(filter.logLikelihood))
            #expect(maximumDifference([posteriors.probabilities[count - 1]], [filter.posterior]) <= 1e-9)
            #expect(posteriors.probabilities.allSatisfy { Self.isDistribution($0, tolerance: 1e-9) })
        }
    }

    static func isDistribution(_ values: [Double], tolerance: Double) -> Bool {
        values.allSatisfy { $0.isFinite && $0 >= 0 } && abs(values.reduce(0, +) - 1) <= tolerance
    }

    @Test func impossibleTransitionsAndZeroEmissionsGiveNoNaN() throws {
        // Every path the emissions favour is forbidden by the transitions and the start.
        let transitions = try TransitionMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        let smoother = try HiddenMarkovSmoother(transitions: transitions, initial: [1, 0, 0])
        let probabilities = [[0.0, 1, 0], [0, 0, 1], [0, 0, 0], [0, 1, 0]]
        let path = try smoother.viterbi(probabilities)
        #expect(path.states == [0, 0, 0, 0])
        #expect(path.logProbability.isFinite)
        let posteriors = try smoother.posteriors(probabilities)
        #expect(posteriors.probabilities.allSatisfy { $0 == [1, 0, 0] })
        #expect(try smoother.filtered(probabilities).allSatisfy { $0 == [1, 0, 0] })
        #expect(abs(posteriors.logLikelihood - 4 * log(HiddenMarkovSmoother.probabilityFloor)) <= 1e-9)
    }

    @Test func viterbiTiesGoToTheLowerIndex() throws {
        let symmetric = try TransitionMatrix(rows: [[0.5, 0.5, 0], [0.5, 0.5, 0], [0, 0, 1]])
        let smoother = try HiddenMarkovSmoother(transitions: symmetric, initial: [0.5, 0.5, 0])
        let path = try smoother.viterbi(Array(repeating: [0.4, 0.4, 0.2], count: 6))
        #expect(path.states == [0, 0, 0, 0, 0, 0])
        let posteriors = try smoother.posteriors(Array(repeating: [0.4, 0.4, 0.2], count: 3))
        #expect(posteriors.mostProbableStates == [0, 0, 0])
    }

    @Test func aBumpyWindowDoesNotLeaveDriving() throws {
        // The coprocessor's example: one window that looks like walking amid driving.
        let smoother = try HiddenMarkovSmoother.activities(hop: 1)
        let driving = [0.05, 0.02, 0.03, 0.85, 0.05]
        let bump = [0.8, 0.05, 0.05, 0.05, 0.05]
        let probabilities = Array(repeating: driving, count: 20) + [bump] + Array(repeating: driving, count: 20)
        let path = try smoother.viterbi(probabilities)
        #expect(path.states.allSatisfy { ActivityType.decidable[$0] == .driving })
        let filtered = try smoother.filtered(probabilities)
        #expect(filtered[20][3] > 0.9)
        // Without the transition prior the bump would be walking.
        #expect(
            try HiddenMarkovSmoother(transitions: .identity(stateCount: 5)).posteriors([bump]).mostProbableStates == [0]
        )
    }

    @Test func aUniformPriorChangesOnlyTheLikelihoodScale() throws {
        let testCase = try HiddenMarkovFixture.testCase("k5-a")
        let transitions = try TransitionMatrix(rows: testCase.transitions)
        let plain = try HiddenMarkovSmoother(transitions: transitions, initial: testCase.start)
        let divided = try HiddenMarkovSmoother(
            transitions: transitions, initial: testCase.start, emission: .dividedByPrior([0.2, 0.2, 0.2, 0.2, 0.2]))
        let a = try plain.posteriors(testCase.probabilities)
        let b = try divided.posteriors(testCase.probabilities)
        #expect(maximumDifference(a.probabilities, b.probabilities) <= 1e-12)
        let shift = Double(testCase.probabilities.count) * log(5.0)
        #expect(abs(b.logLikelihood - a.logLikelihood - shift) <= 1e-9)
        #expect(try plain.viterbi(testCase.probabilities).states == divided.viterbi(testCase.probabilities).states)
    }

    @Test func resultsAreDeterministic() throws {
        let probabilities = Self.extremeProbabilities(count: 2_000, states: 5, seed: 7).enumerated().map { index, row in
            row.map { 0.5 * $0 + 0.1 * Double((index * 7) % 5) }
        }
        let smoother = try HiddenMarkovSmoother.activities(hop: 2.56)
        let again = try HiddenMarkovSmoother.activities(hop: 2.56)
        #expect(smoother == again)
        #expect(try smoother.viterbi(probabilities) == again.viterbi(probabilities))
        #expect(try smoother.posteriors(probabilities) == again.posteriors(probabilities))
        #expect(try smoother.filtered(probabilities) == again.filtered(probabilities))
    }

    @Test func aFilterCopyBranchesAndResetStartsAgain() throws {
        let smoother = try HiddenMarkovSmoother.activities()
        var filter = smoother.makeFilter()
        try filter.update([0.1, 0.1, 0.1, 0.6, 0.1])
        var branch = filter
        try branch.update([0.9, 0.025, 0.025, 0.025, 0.025])
        #expect(filter.windowCount == 1)
        #expect(branch.windowCount == 2)
        #expect(filter.mostProbableState == 3)
        filter.reset()
        #expect(filter == smoother.makeFilter())
        var buffer: [Double] = []
        try filter.update([0.1, 0.1, 0.1, 0.6, 0.1], into: &buffer)
        #expect(buffer == (try smoother.filtered([[0.1, 0.1, 0.1, 0.6, 0.1]]))[0])
    }
}

@Suite("Hidden Markov filter")
struct HiddenMarkovFilterTests {
    @Test func theArrayAndGenericUpdatesAgreeWithTheBatchFilter() throws {
        let smoother = try HiddenMarkovSmoother.activities(hop: 1.28)
        let states = smoother.stateCount
        let windows = (0..<30).map { shift in (0..<states).map { 0.05 + Double(($0 * 7 + shift) % states) } }
        let batch = try smoother.filtered(windows)
        var (arrays, slices) = (HiddenMarkovFilter(smoother: smoother), HiddenMarkovFilter(smoother: smoother))
        var (a, b) = ([Double](), [Double]())
        for (index, window) in windows.enumerated() {
            try arrays.update(window, into: &a)  // the array overload
            try slices.update(window[...], into: &b)  // the generic form
            #expect(a == batch[index] && b == batch[index], "window \(index)")
        }
        #expect(throws: LocomotionError.self) { try arrays.update([Double](repeating: 1, count: states + 1), into: &a) }
    }
}
