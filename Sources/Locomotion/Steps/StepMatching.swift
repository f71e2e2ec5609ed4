/// How well detected step times agree with reference step times (for example initial contacts
/// from instrumented insoles).
public struct StepMatching: Sendable, Hashable, Codable {
    /// Reference steps, including those without a time (NaN), which count for the step total only.
    public var referenceCount: Int
    /// Reference steps with a time: the ones matching is judged against.
    public var timedReferenceCount: Int
    /// Detected steps.
    public var detectedCount: Int
    /// Matched pairs.
    public var truePositives: Int
    /// The tolerance used, in s.
    public var tolerance: Double
    /// The mean of `detected − reference` over matched pairs, in s; `nil` without pairs.
    public var meanOffset: Double?
    /// The mean of `|detected − reference|` over matched pairs, in s; `nil` without pairs.
    public var meanAbsoluteOffset: Double?

    /// Detected steps without a reference partner.
    public var falsePositives: Int { detectedCount - truePositives }
    /// Timed reference steps without a detected partner.
    public var falseNegatives: Int { timedReferenceCount - truePositives }
    /// `TP / detected`; `nil` without detections.
    public var precision: Double? { detectedCount > 0 ? Double(truePositives) / Double(detectedCount) : nil }
    /// `TP / timed references`; `nil` without timed references.
    public var recall: Double? {
        timedReferenceCount > 0 ? Double(truePositives) / Double(timedReferenceCount) : nil
    }
    /// The harmonic mean of precision and recall, `2·TP / (detected + timed references)`.
    public var f1: Double? {
        detectedCount + timedReferenceCount > 0
            ? 2 * Double(truePositives) / Double(detectedCount + timedReferenceCount) : nil
    }
    /// `(detected − reference) / reference` as a fraction (0.05 is 5 %); `nil` without references.
    public var countError: Double? {
        referenceCount > 0 ? Double(detectedCount - referenceCount) / Double(referenceCount) : nil
    }

    /// Matches detected to reference times one to one.
    ///
    /// Every pair closer than or exactly `tolerance` apart is a candidate; candidates are taken
    /// in order of increasing distance (ties: earlier reference, then earlier detection) and a
    /// pair is kept when neither of its steps is matched yet. This greedy nearest-first matching
    /// is deterministic and, for tolerances shorter than half the step interval (each step has
    /// at most one candidate partner), equals the optimal (maximum) matching.
    ///
    /// - Parameters:
    ///   - detected: Detected step times, in s.
    ///   - reference: Reference step times, in s; NaN for a step known to exist but not timed.
    ///   - tolerance: The largest allowed |detected − reference|, in s; 0.25 by default.
    /// - Complexity: O((*n* + *m*) log(*n* + *m*) + *p* log *p*) for *p* candidate pairs.
    public init(detected: [Double], reference: [Double], tolerance: Double = 0.25) {
        let timed = reference.filter { !$0.isNaN }.sorted()
        let found = detected.sorted()
        var pairs: [(distance: Double, reference: Int, detected: Int)] = []
        var low = 0
        for (r, time) in timed.enumerated() {
            while low < found.count, found[low] < time - tolerance { low += 1 }
            var d = low
            while d < found.count, found[d] <= time + tolerance {
                pairs.append((abs(found[d] - time), r, d))
                d += 1
            }
        }
        pairs.sort { ($0.distance, $0.reference, $0.detected) < ($1.distance, $1.reference, $1.detected) }
        var referenceUsed = [Bool](repeating: false, count: timed.count)
        var detectedUsed = [Bool](repeating: false, count: found.count)
        var (matches, offset, absolute) = (0, 0.0, 0.0)
        for pair in pairs where !referenceUsed[pair.reference] && !detectedUsed[pair.detected] {
            referenceUsed[pair.reference] = true
            detectedUsed[pair.detected] = true
            matches += 1
            offset += found[pair.detected] - timed[pair.reference]
            absolute += pair.distance
        }
        referenceCount = reference.count
        timedReferenceCount = timed.count
        detectedCount = found.count
        truePositives = matches
        self.tolerance = tolerance
        meanOffset = matches > 0 ? offset / Double(matches) : nil
        meanAbsoluteOffset = matches > 0 ? absolute / Double(matches) : nil
    }
}
